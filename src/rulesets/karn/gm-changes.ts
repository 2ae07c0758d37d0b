// What the GM may change by hand mid-fight (engine/gm-changes.ts): hit points, stamina, armour
// hit points and the penalties of a combatant; the chapter's conditions that last melees (woozy
// and stunned from Knock Out/Stun Called Shots, all turned around from Fumble) and being
// unconscious. A late arrival faces an opponent and joins a pairing when the next melee begins
// (Combat Pairings); a combatant taken out of the fight has fled.
import { lastRoundOf, wholeField, type GmField, type GmRules } from "../../engine/gm-changes.js";
import type { Json } from "../../engine/json.js";
import { makeFighter } from "./setup.js";
import type { Fighter, KarnState } from "./state.js";

function who(state: KarnState, id: string): Fighter {
  return state.fighters.find((f) => f.id === id)!;
}

function fields(state: KarnState, id: string): GmField[] {
  const f = who(state, id);
  const out: GmField[] = [
    // At the switch outAtHp or under (0 by default) a combatant is down (Health).
    wholeField("hp", "Hit points", f.hp, -100, f.maxHp),
    wholeField("sp", "Stamina (SP)", f.sp, -100, f.maxSp),
  ];
  if (f.armour !== null && f.armour.hp > 0)
    out.push(wholeField("armourHp", "Armour hit points", f.armourHp, 0, f.armour.hp));
  out.push(
    wholeField("injury", "Injury penalty on combat rolls", f.injury, 0, 20),
    wholeField("lasting", "Lasting penalty on combat rolls", f.lasting, 0, 20),
    wholeField("badMiss", "Bad miss penalty on the next action", f.badMiss, 0, 20),
  );
  return out;
}

function set(state: KarnState, id: string, field: string, value: Json): void {
  const f = who(state, id);
  const n = value as number;
  switch (field) {
    case "hp": {
      f.hp = n;
      const out = n <= state.switches.outAtHp;
      if (out && f.status !== "fled") f.status = "down";
      else if (!out && f.status === "down" && !f.disabled) f.status = "fighting";
      return;
    }
    case "sp":
    case "armourHp":
    case "injury":
    case "lasting":
    case "badMiss":
      f[field] = n;
      return;
  }
}

export const gm: GmRules<KarnState> = {
  fields,
  set,
  conditions: [
    {
      id: "woozy",
      label: "woozy",
      description: "-2 on all combat actions, -20% on skills (Knock Out/Stun Called Shots)",
      rounds: { unit: "melee" },
    },
    {
      id: "stunned",
      label: "stunned",
      description: "no initiative rolls, -4 on all combat actions (Knock Out/Stun Called Shots)",
      rounds: { unit: "melee" },
    },
    {
      id: "turned-around",
      label: "all turned around",
      description: "-1 on all rolls (Fumble)",
      rounds: { unit: "melee" },
    },
    {
      id: "unconscious",
      label: "unconscious",
      description: "out of the fight until the GM takes it off (Knock Out/Stun Called Shots)",
    },
  ],
  addCondition(state, id, condition, rounds) {
    const f = who(state, id);
    switch (condition) {
      case "woozy":
        f.woozyUntil = lastRoundOf(state.melee, rounds!);
        return;
      case "stunned":
        f.stunUntil = lastRoundOf(state.melee, rounds!);
        return;
      case "turned-around":
        f.turnedUntil = lastRoundOf(state.melee, rounds!);
        return;
      case "unconscious":
        if (f.status === "fighting") f.status = "unconscious";
        f.wakeAt = 0;
        return;
    }
  },
  removeCondition(state, id, condition) {
    const f = who(state, id);
    switch (condition) {
      case "woozy":
        f.woozyUntil = 0;
        return;
      case "stunned":
        f.stunUntil = 0;
        return;
      case "turned-around":
        f.turnedUntil = 0;
        return;
      case "unconscious":
        f.status = "fighting";
        f.wakeAt = 0;
        return;
    }
  },
  addCombatant(state, spec) {
    state.fighters.push(makeFighter(spec, state.fighters.length));
  },
  removeCombatant(state, id) {
    const f = who(state, id);
    f.status = "fled";
    f.removed = true;
    f.wakeAt = 0;
    for (const g of state.fighters) if (g.facing === f.index) g.facing = -1;
    f.facing = -1;
  },
};
