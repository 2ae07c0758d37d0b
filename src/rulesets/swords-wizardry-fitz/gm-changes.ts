// What the GM may change by hand mid-fight (engine/gm-changes.ts): hit points, CON, subdual
// damage, the BCB and AC of a combatant and where it stands; the conditions that last rounds
// (stunned, knocked out, blinded, pinned: procedures/status.ts, the current round counting as
// the first) and invisibility. A late arrival declares and rolls initiative from the next round
// (Order of Battle), where its side stands; a combatant taken out of the fight has fled.
import { InputError } from "../../engine/input-error.js";
import { lastRoundOf, wholeField, type GmField, type GmRules } from "../../engine/gm-changes.js";
import type { Json } from "../../engine/json.js";
import { stun, takeOut } from "./procedures/status.js";
import { ownSteady } from "./own-steady.js";
import { fighterFrom, MAX_COMBATANTS } from "./setup.js";
import type { Fighter, SwState } from "./state.js";

function who(state: SwState, id: string): Fighter {
  return state.combatants.find((c) => c.id === id)!;
}

function fields(state: SwState, id: string): GmField[] {
  const c = who(state, id);
  const out: GmField[] = [
    // At 0 HP or below a combatant is down; at -11 or below dead (Damage and Death).
    wholeField("hp", "Hit points", c.hp, -20, c.sheet.maxHp),
    wholeField("subdual", "Subdual damage", c.subdual, 0, c.sheet.maxHp),
  ];
  if (c.sheet.kind === "character")
    out.push(wholeField("con", "Constitution (CON)", c.con, 0, c.sheet.maxCon));
  out.push(
    wholeField("bcb", "Base combat bonus", c.sheet.bcb, 0, 30),
    wholeField("baseAc", "Armour class (before DEX and the BCB)", c.sheet.baseAc, 0, 40),
    wholeField("pos", "Position (ft)", c.pos, -10000, 10000),
  );
  return out;
}

/** Where hit points, subdual damage and CON leave a combatant (Damage and Death). */
function settle(state: SwState, c: Fighter): void {
  if (c.con === 0 || c.hp <= -11) takeOut(state, c, "dead");
  else if (c.hp <= 0) {
    if (c.status === "fighting" || c.status === "subdued") takeOut(state, c, "down");
  } else if (c.sheet.subduable && c.subdual > 0 && c.hp - c.subdual <= 0)
    takeOut(state, c, "subdued");
  else if (c.status === "down" || c.status === "dead" || c.status === "subdued") {
    c.status = "fighting";
  }
}

function set(state: SwState, id: string, field: string, value: Json): void {
  const c = who(state, id);
  const n = value as number;
  switch (field) {
    case "hp":
    case "subdual":
    case "con":
      c[field] = n;
      settle(state, c);
      return;
    // The sheet is shared with the state's other copies: replaced, never changed in place.
    case "bcb":
      c.sheet = { ...c.sheet, bcb: n };
      {
        const own = ownSteady(c);
        own.bcbAttack = Math.min(own.bcbAttack, n);
        own.bcbAc = Math.min(own.bcbAc, n - own.bcbAttack);
      }
      return;
    case "baseAc":
      c.sheet = { ...c.sheet, baseAc: n };
      return;
    case "pos":
      c.pos = n;
      return;
  }
}

export const gm: GmRules<SwState> = {
  fields,
  set,
  conditions: [
    {
      id: "stunned",
      label: "stunned",
      description: "cannot act (Mighty Blows)",
      rounds: { unit: "round" },
    },
    {
      id: "knocked-out",
      label: "knocked out",
      description: "unconscious, out of the fight until it comes round (Unarmed Combat)",
      rounds: { unit: "round" },
    },
    {
      id: "blinded",
      label: "blinded",
      description: "a helmet knocked over the eyes (Fumbles)",
      rounds: { unit: "round" },
    },
    {
      id: "pinned",
      label: "pinned",
      description: "cannot act (Mighty Blows)",
      rounds: { unit: "round" },
    },
    { id: "invisible", label: "invisible", description: "attacks on it are at -4 (Invisibility)" },
  ],
  addCondition(state, id, condition, rounds) {
    const c = who(state, id);
    const last = lastRoundOf(state.round, rounds ?? 1);
    switch (condition) {
      case "stunned":
        stun(state, c, last, 0);
        return;
      case "knocked-out":
        if (c.status === "fighting") takeOut(state, c, "knocked-out");
        Object.assign(ownSteady(c), { knockoutThrough: last, knockoutDie: 0 });
        return;
      case "blinded":
        Object.assign(ownSteady(c), { blindThrough: last, blindDie: 0 });
        return;
      case "pinned":
        ownSteady(c).pinnedThrough = last;
        return;
      case "invisible":
        ownSteady(c).invisible = true;
        return;
    }
  },
  removeCondition(state, id, condition) {
    const c = who(state, id);
    switch (condition) {
      case "stunned":
        c.stunnedThrough = -1;
        c.stunDie = 0;
        return;
      case "knocked-out":
        Object.assign(ownSteady(c), { knockoutThrough: -1, knockoutDie: 0 });
        c.status = "fighting";
        return;
      case "blinded":
        Object.assign(ownSteady(c), { blindThrough: -1, blindDie: 0 });
        return;
      case "pinned":
        ownSteady(c).pinnedThrough = -1;
        return;
      case "invisible":
        Object.assign(ownSteady(c), { invisible: false, undetected: false });
        return;
    }
  },
  addCombatant(state, spec, place) {
    if (state.combatants.length >= MAX_COMBATANTS) {
      throw new InputError(
        `change.combatant: swords-wizardry-fitz plays at most ${MAX_COMBATANTS} combatants in one encounter`,
        "change.combatant",
      );
    }
    const mate = state.combatants.find((c) => c.side === spec.side);
    const f = fighterFrom(spec, state.combatants.length, place ?? mate?.pos ?? 0);
    state.combatants.push(f);
  },
  removeCombatant(state, id) {
    const c = who(state, id);
    takeOut(state, c, "fled");
    ownSteady(c).removed = true;
    for (const s of c.slots) s.done = true;
  },
};
