// What the GM may change by hand mid-fight (engine/gm-changes.ts): hit points (Injury and
// Healing Reference: at 0 or below incapacitated and dying, at minus the maximum dead), action
// points, free steps, the weapon in hand and where a combatant stands; the conditions of the core
// rules (stunned and blinded until the reset phase, blind for good, prone, lame). A late arrival
// rolls its action points at the next reset phase (Turns and Phases); a combatant taken out of
// the fight has left it.
import { z } from "zod";
import { wholeField, type GmField, type GmRules } from "../../engine/gm-changes.js";
import type { Json } from "../../engine/json.js";
import { ownSteady } from "./own-steady.js";
import { combatant } from "./setup.js";
import { ownWeapons } from "./own-weapons.js";
import type { CombatantState, DooState } from "./state.js";

function who(state: DooState, id: string): CombatantState {
  return state.combatants.find((c) => c.id === id)!;
}

function fields(state: DooState, id: string): GmField[] {
  const c = who(state, id);
  const hands = c.steady.weapons
    .map((w, i) => ({ w, i }))
    .filter(({ w }) => w.natural || w.where === "hand" || w.where === "carried")
    .map(({ w, i }) => ({ value: i, label: w.natural ? "empty-handed" : w.name }));
  return [
    wholeField("hp", "Hit points", c.hp, -c.steady.sheet.maxHp, c.steady.sheet.maxHp),
    wholeField("ap", "Action points", c.ap, 0, 30),
    wholeField("freeSteps", "Free steps left this turn", c.freeSteps, 0, 10),
    wholeField("pos", "Position (space)", c.pos, -1000, 1000),
    {
      key: "hand",
      label: "Weapon in hand",
      schema: z
        .number()
        .int()
        .refine((v) => hands.some((h) => h.value === v), {
          message: `one of ${hands.map((h) => `${h.value} (${h.label})`).join(", ")}`,
        }) as z.ZodType<Json>,
      value: c.steady.hand,
      choices: hands,
    },
  ];
}

/** Where hit points leave a combatant (Injury and Healing Reference). */
function setHp(c: CombatantState, hp: number): void {
  c.hp = hp;
  if (hp <= -c.steady.sheet.maxHp) {
    c.status = "dead";
    ownSteady(c).bleeding = false;
  } else if (hp <= 0) {
    if (c.status === "fighting") {
      c.status = "incapacitated";
      ownSteady(c).bleeding = true;
      c.ap = 0;
      ownSteady(c).blocking = false;
      ownSteady(c).withdrawing = false;
    }
  } else if (c.status === "incapacitated" || c.status === "dead") {
    c.status = "fighting";
    ownSteady(c).bleeding = false;
  }
}

function set(state: DooState, id: string, field: string, value: Json): void {
  const c = who(state, id);
  const n = value as number;
  switch (field) {
    case "hp":
      setHp(c, n);
      return;
    case "ap":
    case "freeSteps":
    case "pos":
      c[field] = n;
      return;
    case "hand": {
      const own = ownWeapons(c);
      const held = own[c.steady.hand]!;
      if (!held.natural) held.where = "carried";
      ownSteady(c).hand = n;
      const w = own[n]!;
      if (!w.natural) w.where = "hand";
      return;
    }
  }
}

const until = (what: string) => `${what} (Conditions, core rules)`;

export const gm: GmRules<DooState> = {
  fields,
  set,
  conditions: [
    { id: "stunned", label: "stunned", description: until("no actions until the reset phase") },
    { id: "prone", label: "prone", description: until("on the ground until it stands") },
    { id: "blinded", label: "blinded", description: until("blind until the reset phase") },
    { id: "blind", label: "blind", description: until("blind for the rest of the fight") },
    { id: "lame", label: "lame", description: until("no free steps") },
  ],
  addCondition(state, id, condition) {
    const c = who(state, id);
    switch (condition) {
      case "stunned":
        ownSteady(c).stunned = true;
        return;
      case "prone":
        c.prone = true;
        return;
      case "blinded":
        ownSteady(c).blind = Math.max(c.steady.blind, 1) as 1 | 2;
        return;
      case "blind":
        ownSteady(c).blind = 2;
        return;
      case "lame":
        ownSteady(c).lame = true;
        c.freeSteps = 0;
        return;
    }
  },
  removeCondition(state, id, condition) {
    const c = who(state, id);
    switch (condition) {
      case "stunned":
        ownSteady(c).stunned = false;
        return;
      case "prone":
        c.prone = false;
        return;
      case "blinded":
      case "blind":
        ownSteady(c).blind = 0;
        return;
      case "lame":
        ownSteady(c).lame = false;
        return;
    }
  },
  addCombatant(state, spec, place) {
    const mates = state.combatants.filter((c) => c.side === spec.side);
    const party = mates[0]?.steady.sheet.party ?? false;
    const c = combatant(spec, party, place ?? mates[0]?.pos ?? 0, state.combatants.length);
    state.combatants.push(c);
  },
  removeCombatant(state, id) {
    const c = who(state, id);
    c.status = "fled";
    ownSteady(c).removed = true;
    c.ap = 0;
    ownSteady(c).bleeding = false;
    ownSteady(c).withdrawing = false;
  },
};
