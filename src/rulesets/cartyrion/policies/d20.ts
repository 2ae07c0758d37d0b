// The chance that d20 + bonus meets a DC, for policies.
export function d20Success(bonus: number, dc: number): number {
  const need = dc - bonus; // the die must show at least this
  if (need <= 1) return 1;
  if (need > 20) return 0;
  return (21 - need) / 20;
}
