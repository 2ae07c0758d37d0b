// What the GM may change by hand mid-fight (engine/gm-changes.ts): stamina, injuries and the
// numbers of a combatant, the weapon in hand and where it stands; surprise and concealment; a
// late arrival, who takes turns with its side (Determining Turn Order) from the next round, or
// from this one if its side has not begun its turns; a combatant taken out of the fight.
import { z } from "zod";
import { wholeField, type GmField, type GmRules } from "../../engine/gm-changes.js";
import type { Json } from "../../engine/json.js";
import { damageDiceMultiplier } from "./procedures/damage-dice.js";
import { weaponName } from "./procedures/weapon-name.js";
import { combatant } from "./setup.js";
import type { CartyrionState, CombatantState } from "./state.js";

function who(state: CartyrionState, id: string): CombatantState {
  return state.combatants.find((c) => c.id === id)!;
}

/** A weapon that can be taken in hand: not natural, broken or dropped. */
function holdable(c: CombatantState) {
  return c.weapons.filter(
    (w) => !w.natural && (w.carried === "hand" || w.carried === "ready" || w.carried === "pack"),
  );
}

function fields(state: CartyrionState, id: string): GmField[] {
  const c = who(state, id);
  const held = c.weapons.find((w) => w.carried === "hand");
  const hands = [
    { value: "", label: "empty-handed" },
    ...holdable(c).map((w) => ({ value: w.id, label: weaponName(w) })),
  ];
  return [
    wholeField("stamina", "Stamina (SP)", c.stamina, 0, c.maxStamina),
    wholeField("injuries", "Injuries (slots filled)", c.injuries, 0, c.slots),
    wholeField("maxStamina", "Stamina at full (SP)", c.maxStamina, 0, 10000),
    wholeField("level", "Level", c.level, 1, 40),
    wholeField("str", "STR bonus", c.str, -10, 30),
    wholeField("dex", "DEX bonus", c.dex, -10, 30),
    wholeField("awa", "AWA bonus", c.awa, -10, 30),
    wholeField("move", "Move (ft)", c.move, 0, 1000),
    wholeField("armour", "Armour points", c.armour, 0, 100),
    wholeField("pos", "Position (ft)", c.pos, -10000, 10000),
    {
      key: "inHand",
      label: "Weapon in hand",
      schema: z.enum(hands.map((h) => h.value) as [string, ...string[]]),
      value: held === undefined || held.natural ? "" : held.id,
      choices: hands,
    },
  ];
}

/** Injuries filling every slot take a combatant out (Resolving Combat); fewer bring it back. */
function setInjuries(state: CartyrionState, c: CombatantState, injuries: number): void {
  const wasFull = c.injuries >= c.slots;
  c.injuries = injuries;
  if (injuries >= c.slots && c.status === "fighting") {
    c.status = state.switches.slotsFull;
    c.concealed = false;
    c.parry = "";
  } else if (injuries < c.slots && wasFull && (c.status === "dead" || c.status === "down")) {
    c.status = "fighting";
  }
}

function set(state: CartyrionState, id: string, field: string, value: Json): void {
  const c = who(state, id);
  const n = value as number;
  switch (field) {
    case "stamina":
      c.stamina = n;
      return;
    case "injuries":
      setInjuries(state, c, n);
      return;
    case "maxStamina":
      c.maxStamina = n;
      c.stamina = Math.min(c.stamina, n);
      return;
    case "level":
      c.level = n;
      c.dice = damageDiceMultiplier(n);
      return;
    case "str":
    case "dex":
    case "awa":
    case "move":
    case "armour":
    case "pos":
      c[field] = n;
      return;
    case "inHand":
      for (const w of c.weapons) if (w.carried === "hand") w.carried = "ready";
      if (value !== "") c.weapons.find((w) => w.id === value)!.carried = "hand";
      return;
  }
}

export const gm: GmRules<CartyrionState> = {
  fields,
  set,
  conditions: [
    {
      id: "surprised",
      label: "surprised",
      description: "takes no turn this round (Surprise); it wears off at the end of the round",
    },
    {
      id: "concealed",
      label: "concealed",
      description: "unseen by its foes: its attacks may be Sneak Attacks (Sneak Attacks)",
    },
  ],
  addCondition(state, id, condition) {
    const c = who(state, id);
    if (condition === "surprised") c.surprised = true;
    else c.concealed = true;
  },
  removeCondition(state, id, condition) {
    const c = who(state, id);
    if (condition === "surprised") c.surprised = false;
    else c.concealed = false;
  },
  addCombatant(state, spec, place) {
    const mates = state.combatants.filter((c) => c.side === spec.side);
    const party = mates[0]?.party ?? false;
    const pos = place ?? mates[0]?.pos ?? Math.max(0, ...state.combatants.map((c) => c.pos));
    const c = combatant(spec, party, pos);
    state.combatants.push(c);
    // Its side's turns are under way: it waits for the next round (counted among those who
    // acted, so that a round resumed from its progress plays it the same way).
    const p = state.progress;
    const partyActing = p !== null && p.partyFirst === (p.sidesDone === 0);
    if (p !== null && p.sidesDone < 2 && partyActing === party) p.acted.push(c.id);
  },
  removeCombatant(state, id) {
    const c = who(state, id);
    c.status = "removed";
    c.concealed = false;
    c.parry = "";
    c.withdrawing = false;
    c.heldBy = "";
    for (const other of state.combatants) if (other.heldBy === id) other.heldBy = "";
  },
};
