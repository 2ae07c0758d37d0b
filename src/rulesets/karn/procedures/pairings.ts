// Combat Pairings and 7. Start Over: at the start of each melee every combatant still fighting
// faces one opponent (it may change opponents then, except the last of its side while its
// opponent fights on); those who face each other, directly or through others, form one pairing.
import type { RuleContext } from "../../../engine/choice.js";
import { newAct, type Pairing } from "./melee-types.js";
import { ask } from "./questions.js";
import type { OpponentSituation } from "./situations.js";
import { SECTIONS } from "../sections.js";
import type { Fighter, KarnState } from "../state.js";

export function formPairings(state: KarnState, ctx: RuleContext): Pairing[] {
  const fighting = state.fighters.filter((f) => f.status === "fighting");
  if (fighting.length === 2 && fighting[0]!.side !== fighting[1]!.side) {
    // One on one: they face each other.
    const [a, b] = [fighting[0]!, fighting[1]!];
    a.facing = b.index;
    b.facing = a.index;
    const p: Pairing = { state, acts: [], winners: [], defenders: [] };
    p.acts.push(newAct(a, p), newAct(b, p));
    return [p];
  }
  for (const f of fighting) {
    const foes = fighting.filter((g) => g.side !== f.side);
    if (foes.length === 0) {
      f.facing = -1;
      continue;
    }
    const current = foes.find((g) => g.index === f.facing);
    const last = !fighting.some((g) => g !== f && g.side === f.side);
    if (current !== undefined && (last || foes.length === 1)) continue;
    if (foes.length === 1) {
      f.facing = foes[0]!.index;
      continue;
    }
    const id = ask<string>(ctx, f.id, "opponent", {
      prompt: () => `Whom does ${f.name} face this melee?`,
      // Said as what it does (Combat Pairings: whom it faces), for the result's heading and the
      // history: "Sly: face Hedda this melee", where a bare "Sly: Hedda" said nothing of it.
      choices: () => foes.map((g) => ({ value: g.id, label: `face ${g.name} this melee` })),
      situation: { state, f, foes } satisfies OpponentSituation,
    });
    f.facing = foes.find((g) => g.id === id)!.index;
  }
  // Union-find over the facing edges.
  const parent = state.fighters.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (const f of fighting) if (f.facing >= 0) parent[find(f.index)] = find(f.facing);
  const groups = new Map<number, Fighter[]>();
  for (const f of fighting) {
    if (f.facing < 0) continue;
    const root = find(f.index);
    let g = groups.get(root);
    if (g === undefined) groups.set(root, (g = []));
    g.push(f);
  }
  const pairings: Pairing[] = [];
  for (const members of groups.values()) {
    const p: Pairing = { state, acts: [], winners: [], defenders: [] };
    for (const f of members) p.acts.push(newAct(f, p));
    pairings.push(p);
  }
  pairings.sort((a, b) => a.acts[0]!.f.index - b.acts[0]!.f.index);
  if (ctx.explaining && pairings.length > 1) {
    ctx.explain(SECTIONS.pairings, () =>
      pairings.map((p) => p.acts.map((a) => a.f.name).join(" with ")).join("; "),
    );
  }
  return pairings;
}

/** The exchange's one pairing: its two combatants. */
export function exchangePairing(state: KarnState): Pairing {
  const p: Pairing = { state, acts: [], winners: [], defenders: [] };
  for (const f of state.fighters) if (f.status === "fighting") p.acts.push(newAct(f, p));
  return p;
}
