// Calculating hit or miss: the chapter's outline, step by step, in its order (ties go to the
// defender). Results are small integers so that they can be the answer of a roll (see dice.ts).
//
// Two slips in the chapter are read by the rule text (RULES-NOTES.md, 000): the "else" under the
// attacker's natural 20 says "less than 20" where it means "not greater than the defender's
// score", and "the attacker is using active defense" means the defender.

export const MISS = 0;
export const HIT = 1;
export const CRITICAL = 2;
export type HitResult = typeof MISS | typeof HIT | typeof CRITICAL;

export const RESULT_NAMES = ["miss", "hit", "critical"] as const;

/** Natural of a passive defence: no die is rolled, so the natural 1 and 20 steps never apply. */
export const PASSIVE = 0;

/** Which step of the outline decided (for explanations). */
export type HitStep =
  | "attacker natural 1"
  | "defender natural 20"
  | "natural 20 beats the defence"
  | "natural 20 does not beat the defence"
  | "attack beats the defence"
  | "defender natural 1"
  | "defence holds";

/**
 * The outline of Calculating hit or miss. `attackNatural` is the kept die of the attack roll,
 * `defenceNatural` the kept die of an active defence or PASSIVE; totals are the net scores.
 * `natural1Hits` is the `defenderNatural1` switch.
 */
export function hitOrMiss(
  attackNatural: number,
  attackTotal: number,
  defenceNatural: number,
  defenceTotal: number,
  natural1Hits: boolean,
): HitResult {
  if (attackNatural === 1 || defenceNatural === 20) return MISS;
  if (attackNatural === 20) return attackTotal > defenceTotal ? CRITICAL : HIT;
  if (attackTotal > defenceTotal) return HIT;
  if (natural1Hits && defenceNatural === 1) return HIT;
  return MISS;
}

/** The step of the outline that decided, for the explanation. */
export function hitStep(
  attackNatural: number,
  attackTotal: number,
  defenceNatural: number,
  defenceTotal: number,
  natural1Hits: boolean,
): HitStep {
  if (attackNatural === 1) return "attacker natural 1";
  if (defenceNatural === 20) return "defender natural 20";
  if (attackNatural === 20) {
    return attackTotal > defenceTotal
      ? "natural 20 beats the defence"
      : "natural 20 does not beat the defence";
  }
  if (attackTotal > defenceTotal) return "attack beats the defence";
  if (natural1Hits && defenceNatural === 1) return "defender natural 1";
  return "defence holds";
}

/**
 * The step in words. `defence` names the defence score: a number for passive defence, or words
 * ("Bob's active defence") when only its class against the attack is known.
 */
export function describeStep(step: HitStep, attackTotal: number, defence: string): string {
  switch (step) {
    case "attacker natural 1":
      return "the attacker rolled a natural 1: the attack misses";
    case "defender natural 20":
      return "the defender rolled a natural 20: the attack misses";
    case "natural 20 beats the defence":
      return `natural 20 and ${attackTotal} is above ${defence}: hit for critical damage`;
    case "natural 20 does not beat the defence":
      return `natural 20 but ${attackTotal} is not above ${defence}: hit for basic damage`;
    case "attack beats the defence":
      return `${attackTotal} is above ${defence}: hit for basic damage`;
    case "defender natural 1":
      return `${attackTotal} is not above ${defence}, but the defender rolled a natural 1: hit for basic damage`;
    case "defence holds":
      return `${attackTotal} is not above ${defence} (ties go to the defender): the attack misses`;
  }
}
