// Builds the state of a fight from an encounter (or the two sides of an exchange): resolved
// stats and gear, full pools, every pair disengaged until initiative is rolled.
import type { JsonObject } from "../../engine/json.js";
import type { CombatantSpec, EncounterSetup } from "../../engine/ruleset.js";
import { buildOnce } from "../../engine/ruleset-setup.js";
import { profileOf } from "./policies/expectations.js";
import {
  armourOf,
  combatDiceOf,
  encounterOptionsSchema,
  readStats,
  shieldOf,
  type TntStats,
  weaponOf,
} from "./schema.js";
import { BEST_NONE, type Fighter, type Range, type TntState } from "./state.js";
import { readSwitches, type TntSwitches } from "./switches.js";

/** The parts of a fighter fixed by its stats and the switches. */
type Template = Pick<
  Fighter,
  | "profile"
  | "combatDice"
  | "attackSkill"
  | "defenceSkill"
  | "damageBonus"
  | "conSave"
  | "initiative"
  | "maxHp"
  | "weapon"
  | "armour"
  | "shield"
>;

/** Templates by the file's stats object and the switches: simulation sets fights up many times. */
const templates = new WeakMap<object, WeakMap<TntSwitches, Template>>();

function templateOf(raw: JsonObject, switches: TntSwitches): Template {
  let bySwitches = templates.get(raw);
  if (bySwitches === undefined) {
    bySwitches = new WeakMap();
    templates.set(raw, bySwitches);
  }
  let template = bySwitches.get(switches);
  if (template === undefined) {
    template = buildTemplate(readStats(raw), switches);
    bySwitches.set(switches, template);
  }
  return template;
}

function buildTemplate(stats: TntStats, switches: TntSwitches): Template {
  const weapon = weaponOf(stats);
  const shield = shieldOf(stats);
  const armour = armourOf(stats);
  const parts: Omit<Template, "profile"> = {
    combatDice: combatDiceOf(stats),
    attackSkill: stats.attackSkill,
    defenceSkill: stats.defenceSkill,
    damageBonus: stats.damageBonus,
    conSave: stats.conSave,
    initiative: stats.initiative,
    maxHp: stats.hitPoints,
    weapon: {
      name: weapon.name,
      damageDie: weapon.damageDie,
      damageType: weapon.damageType,
      critDie: switches.critDice[weapon.damageType],
      reach: weapon.reach,
      speed: weapon.speed,
      defence: weapon.defence,
      armourPiercing: weapon.armourPiercing,
      small: weapon.small,
    },
    armour: { name: armour.name, dr: armour.dr },
    shield: shield === null ? null : { name: shield.name, defence: shield.defence },
  };
  return { ...parts, profile: profileOf(parts, switches) };
}

export function makeFighter(spec: CombatantSpec, index: number, switches: TntSwitches): Fighter {
  const t = templateOf(spec.stats, switches);
  return {
    id: spec.id,
    index,
    profile: t.profile,
    name: spec.name,
    side: spec.side,
    combatDice: t.combatDice,
    attackSkill: t.attackSkill,
    defenceSkill: t.defenceSkill,
    damageBonus: t.damageBonus,
    conSave: t.conSave,
    initiative: t.initiative,
    maxHp: t.maxHp,
    weapon: t.weapon,
    armour: t.armour,
    shield: t.shield,
    hp: t.maxHp,
    pool: t.combatDice,
    lostDice: 0,
    angerDice: 0,
    effortDice: 0,
    out: false,
    fled: false,
    removed: false,
    acted: false,
    committed: 0,
    twoDiceAttacks: 0,
    dealt: 0,
    best: BEST_NONE,
  };
}

export function makeState(
  combatants: readonly CombatantSpec[],
  switchValues: JsonObject,
  startRange: Range,
  started: boolean,
  otherEfforts = false,
): TntState {
  const switches = readSwitches(switchValues);
  const fighters = combatants.map((c, i) => makeFighter(c, i, switches));
  const n = fighters.length;
  const ranges: Range[] = new Array<Range>(n * n).fill("disengaged");
  if (started) {
    for (let i = 0; i < n; i += 1) {
      for (let j = 0; j < n; j += 1) {
        if (i !== j && fighters[i]!.side !== fighters[j]!.side) ranges[i * n + j] = startRange;
      }
    }
  }
  return {
    round: 0,
    started,
    startRange,
    otherEfforts,
    fighters,
    order: fighters.map((_, i) => i),
    turnsTaken: null,
    turn: null,
    ranges,
    switches,
  };
}

/**
 * A copy of a fighter for a run of the rules, its fields written out in `makeFighter`'s order, so
 * that every copy has one shape (a spread of objects of several shapes leaves V8's fast path, and
 * interning compares keys in order); its weapon, armour and shield are shared.
 */
function copyFighter(f: Fighter): Fighter {
  return {
    id: f.id,
    index: f.index,
    profile: f.profile,
    name: f.name,
    side: f.side,
    combatDice: f.combatDice,
    attackSkill: f.attackSkill,
    defenceSkill: f.defenceSkill,
    damageBonus: f.damageBonus,
    conSave: f.conSave,
    initiative: f.initiative,
    maxHp: f.maxHp,
    weapon: f.weapon,
    armour: f.armour,
    shield: f.shield,
    hp: f.hp,
    pool: f.pool,
    lostDice: f.lostDice,
    angerDice: f.angerDice,
    effortDice: f.effortDice,
    out: f.out,
    fled: f.fled,
    removed: f.removed,
    acted: f.acted,
    committed: f.committed,
    twoDiceAttacks: f.twoDiceAttacks,
    dealt: f.dealt,
    best: f.best,
  };
}

/**
 * A deep copy of a state (plain JSON), without the cost of a generic clone (exact odds copy a
 * state for every run of the rules): what no procedure changes is shared (each fighter's weapon,
 * armour and shield, the switches, an exchange's settings).
 */
export function copyState(s: TntState): TntState {
  return {
    ...s,
    fighters: s.fighters.map(copyFighter),
    order: [...s.order],
    turn:
      s.turn === null
        ? null
        : {
            planned: [...s.turn.planned],
            moves: s.turn.moves,
            counter: s.turn.counter === null ? null : { ...s.turn.counter },
          },
    ranges: [...s.ranges],
  };
}

function build(encounter: EncounterSetup): TntState {
  const options = encounterOptionsSchema.parse(encounter.options);
  return makeState(
    encounter.combatants,
    encounter.switches,
    options.startRange,
    false,
    options.otherEfforts,
  );
}

/** Each encounter's options checked and its state built once, for all of a simulation's fights. */
export const setup = buildOnce(build, copyState);
