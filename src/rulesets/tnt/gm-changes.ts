// What the GM may change by hand mid-fight (engine/gm-changes.ts): hit points, the combat dice
// left this round and those lost for good, and the range of each pair (Combat ranges). The
// chapter has no conditions. A late arrival takes the last place of the initiative order (the
// chapter rolls initiative once, when the fight begins) at the range the fight began at with
// each foe; a combatant taken out of the fight has fled.
import { z } from "zod";
import { wholeField, type GmField, type GmRules } from "../../engine/gm-changes.js";
import type { Json } from "../../engine/json.js";
import { makeFighter } from "./setup.js";
import { inFight, rangeOf, setRange, type Fighter, type Range, type TntState } from "./state.js";

const RANGES: readonly Range[] = ["disengaged", "onset", "melee", "grapple"];
const RANGE_PREFIX = "range:";

function who(state: TntState, id: string): Fighter {
  return state.fighters.find((f) => f.id === id)!;
}

function fields(state: TntState, id: string): GmField[] {
  const f = who(state, id);
  const dice = Math.max(0, f.combatDice - f.lostDice);
  const foes = state.fighters.filter((g) => g.side !== f.side && !g.removed);
  return [
    // At 0 HP or below a combatant is taken out (Fray's default: outcome.ts).
    wholeField("hp", "Hit points", f.hp, -f.maxHp, f.maxHp),
    wholeField("pool", "Combat dice left this round", f.pool, 0, dice),
    wholeField(
      "lostDice",
      "Combat dice lost for the rest of the fight",
      f.lostDice,
      0,
      f.combatDice,
    ),
    ...foes.map((g) => ({
      key: `${RANGE_PREFIX}${g.id}`,
      label: `Range to ${g.name}`,
      schema: z.enum(RANGES) as z.ZodType<Json>,
      value: rangeOf(state, f, g),
      choices: RANGES.map((r) => ({ value: r, label: r })),
    })),
  ];
}

function set(state: TntState, id: string, field: string, value: Json): void {
  const f = who(state, id);
  if (field.startsWith(RANGE_PREFIX)) {
    setRange(state, f, who(state, field.slice(RANGE_PREFIX.length)), value as Range);
    return;
  }
  const n = value as number;
  switch (field) {
    case "hp":
      f.hp = n;
      if (!f.fled) f.out = n <= 0;
      return;
    case "pool":
      f.pool = n;
      return;
    case "lostDice":
      f.lostDice = n;
      f.pool = Math.min(f.pool, Math.max(0, f.combatDice - n));
      return;
  }
}

/** The pairs' ranges with one more fighter, index n: a late arrival. */
function widen(state: TntState, arrival: Fighter): void {
  const n = state.fighters.length;
  const ranges: Range[] = new Array<Range>((n + 1) * (n + 1)).fill("disengaged");
  for (let i = 0; i < n; i += 1)
    for (let j = 0; j < n; j += 1) ranges[i * (n + 1) + j] = state.ranges[i * n + j]!;
  state.ranges = ranges;
  state.fighters.push(arrival);
  state.order.push(n);
  if (!state.started) return;
  for (const g of state.fighters)
    if (g.side !== arrival.side && inFight(g)) setRange(state, arrival, g, state.startRange);
}

export const gm: GmRules<TntState> = {
  fields,
  set,
  conditions: [],
  addCondition() {},
  removeCondition() {},
  addCombatant(state, spec) {
    const f = makeFighter(spec, state.fighters.length, state.switches);
    widen(state, f);
  },
  removeCombatant(state, id) {
    const f = who(state, id);
    f.fled = true;
    f.removed = true;
    f.pool = 0;
  },
};
