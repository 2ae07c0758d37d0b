// Builds the state of a fight from an encounter (or the two sides of an exchange): resolved
// stats and gear, full hit points, stamina and armour, every weapon in hand.
import type { JsonObject } from "../../engine/json.js";
import type { CombatantSpec, EncounterSetup } from "../../engine/ruleset.js";
import { buildOnce } from "../../engine/ruleset-setup.js";
import { DAMAGE_TYPES, PIERCE } from "./data/damage-types.js";
import {
  armourOf,
  attacksOf,
  encounterOptionsSchema,
  type KarnStats,
  readStats,
} from "./schema.js";
import {
  HELD,
  type ExchangeSetup,
  type Fighter,
  type FighterArmour,
  type FighterAttack,
  type KarnState,
} from "./state.js";
import { readSwitches } from "./switches.js";

type Template = Omit<
  Fighter,
  | "id"
  | "index"
  | "name"
  | "side"
  | "hp"
  | "sp"
  | "armourHp"
  | "field"
  | "status"
  | "held"
  | "weaponDamage"
  | "untrainedPenalty"
  | "csp"
  | "woozyUntil"
  | "stunUntil"
  | "turnedUntil"
  | "blackedOut"
  | "wakeAt"
  | "badMiss"
  | "lasting"
  | "skillPenalty"
  | "injury"
  | "dealt"
  | "best"
  | "disabled"
  | "facing"
  | "removed"
> & { readonly field: number };

const templates = new WeakMap<object, Template>();

function buildTemplate(stats: KarnStats): Template {
  const untrained = new Set(stats.untrained);
  const attacks: FighterAttack[] = attacksOf(stats).map((a) => {
    const type = DAMAGE_TYPES.indexOf(a.types[0]!);
    const singlePierce = a.types.length === 1 && type === PIERCE;
    return {
      key: a.key,
      name: a.name,
      damage: a.damage,
      type,
      pierceOnly: singlePierce && !a.ranged,
      singlePierce,
      kind: a.kind,
      strike: a.strike,
      ranged: a.ranged,
      dodgePenalty: a.dodgePenalty,
      weapon: a.weapon,
      parry: a.parry,
      untrainedPenalty: a.untrainedPenalty,
      needsTraining: a.needsTraining,
      trained: !untrained.has(a.key),
      weaponHp: a.hp,
    };
  });
  const a = armourOf(stats);
  const armour: FighterArmour | null =
    a.cov === 0 && a.hp === 0
      ? null
      : {
          name: a.name,
          cov: a.cov,
          hp: a.hp,
          protection: DAMAGE_TYPES.map((t) => a.ratings[t]?.[0] ?? 0),
          rating: DAMAGE_TYPES.map((t) => a.ratings[t]?.[1] ?? 0),
          areas: a.areas,
          protectsNeck: a.protectsNeck,
        };
  const natural = DAMAGE_TYPES.map((t) => stats.natural[t] ?? 0);
  const numbers = {
    actions: stats.actions,
    initiative: stats.initiative,
    alt: stats.alt,
    end: stats.end,
    res: stats.res,
    maxHp: stats.hp,
    maxSp: stats.sp,
    strike: stats.strike,
    damageBonus: stats.damageBonus,
    block: stats.block,
    parry: stats.parry,
    dodge: stats.dodge,
    counterstrike: stats.counterstrike,
    shield: stats.shield,
    shieldTrained: !untrained.has("shield"),
    calledShots: stats.calledShots,
    attacks,
    armour,
    natural,
    skills: stats.skills,
    field: stats.field,
  };
  return { ...numbers, profile: JSON.stringify(numbers) };
}

function templateOf(raw: JsonObject): Template {
  let t = templates.get(raw);
  if (t === undefined) {
    t = buildTemplate(readStats(raw));
    templates.set(raw, t);
  }
  return t;
}

export function makeFighter(spec: CombatantSpec, index: number): Fighter {
  const t = templateOf(spec.stats);
  const n = t.attacks.length;
  return {
    id: spec.id,
    index,
    name: spec.name,
    side: spec.side,
    profile: t.profile,
    actions: t.actions,
    initiative: t.initiative,
    alt: t.alt,
    end: t.end,
    res: t.res,
    maxHp: t.maxHp,
    maxSp: t.maxSp,
    strike: t.strike,
    damageBonus: t.damageBonus,
    block: t.block,
    parry: t.parry,
    dodge: t.dodge,
    counterstrike: t.counterstrike,
    shield: t.shield,
    shieldTrained: t.shieldTrained,
    calledShots: t.calledShots,
    attacks: t.attacks,
    armour: t.armour,
    natural: t.natural,
    skills: t.skills,
    hp: t.maxHp,
    sp: t.maxSp,
    armourHp: t.armour?.hp ?? 0,
    field: t.field,
    status: "fighting",
    held: new Array<number>(n).fill(HELD),
    weaponDamage: new Array<number>(n).fill(0),
    untrainedPenalty: new Array<number>(n + 1).fill(-1),
    csp: 0,
    woozyUntil: 0,
    stunUntil: 0,
    turnedUntil: 0,
    blackedOut: 0,
    wakeAt: 0,
    badMiss: 0,
    lasting: 0,
    skillPenalty: 0,
    injury: 0,
    dealt: 0,
    best: -1,
    disabled: false,
    facing: -1,
    removed: false,
  };
}

export function makeState(
  combatants: readonly CombatantSpec[],
  switchValues: JsonObject,
  exchange: ExchangeSetup | null = null,
): KarnState {
  return {
    melee: 0,
    fighters: combatants.map((c, i) => makeFighter(c, i)),
    switches: readSwitches(switchValues),
    exchange,
    plan: null,
  };
}

/**
 * A copy of a state for exact odds (Ruleset.copy): each fighter's own fields and its arrays that
 * rules change, sharing what no rule changes (attacks, armour, natural armour, skills, the
 * switches, the exchange) and the melee's plan (never changed: a melee rebuilds its objects from
 * it and writes a new one).
 */
export function copyState(s: KarnState): KarnState {
  return {
    melee: s.melee,
    fighters: s.fighters.map((f) => ({
      ...f,
      held: [...f.held],
      weaponDamage: [...f.weaponDamage],
      untrainedPenalty: [...f.untrainedPenalty],
    })),
    switches: s.switches,
    exchange: s.exchange,
    plan: s.plan,
  };
}

function build(encounter: EncounterSetup): KarnState {
  encounterOptionsSchema.parse(encounter.options);
  return makeState(encounter.combatants, encounter.switches);
}

/** Each encounter's options checked and its state built once, for all of a simulation's fights. */
export const setup = buildOnce(build, copyState);
