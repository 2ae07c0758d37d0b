// Builds the starting state of an encounter from a validated encounter file: resolves weapons,
// armour and spells against the default tables, works out BCB, saves and the initiative die, and
// places everyone on the line. The resolved state is cached per encounter and cloned, because
// simulation calls `setup` once for every fight it plays.
import { InputError } from "../../engine/input-error.js";
import type { JsonObject } from "../../engine/json.js";
import type { CombatantSpec, EncounterSetup } from "../../engine/ruleset.js";
import { buildOnce, checkCombatantIds, uniqueId } from "../../engine/ruleset-setup.js";
import { ARMOUR, SHIELDS } from "./data/armour.js";
import {
  defaultSave,
  dexterity,
  fighterBcb,
  HELM_STEPS,
  initiativeDie,
  monsterBcb,
  strength,
  surpriseDieWith,
} from "./data/charts.js";
import { DEFAULTS } from "./data/defaults.js";
import { WEAPONS } from "./data/weapons.js";
import {
  encounterOptionsSchema,
  isMonsterStats,
  type CombatantStats,
  type EncounterOptions,
  type SpellItem,
  type WandItem,
  type WeaponItem,
} from "./schema.js";
import type { Fighter, Kind, MagicState, Slot, SwState, WeaponState } from "./state.js";
import { readSwitches } from "./switches.js";
import { faceFoes } from "./procedures/field.js";
import { ownSteady } from "./own-steady.js";

export function resolveWeapon(item: WeaponItem, taken: Set<string>): WeaponState {
  const o: Exclude<WeaponItem, string> =
    typeof item === "string" ? { weapon: item, magic: 0 } : item;
  const base = o.weapon === undefined ? undefined : WEAPONS[o.weapon];
  const kind = o.kind ?? base?.kind ?? "melee";
  const name = o.name ?? base?.name ?? "weapon";
  const thrown = o.thrown ?? base?.thrown ?? false;
  return {
    id: uniqueId(o.weapon ?? name, taken, "item"),
    name,
    damage: o.damage ?? base?.damage ?? "1d6",
    kind,
    reach: kind === "missile" ? 0 : (o.reach ?? base?.reach ?? 5),
    long: kind === "missile" ? false : (o.long ?? base?.long ?? false),
    range: kind === "missile" ? (o.range ?? base?.range ?? 50) : 0,
    bow: kind === "missile" && (o.bow ?? base?.bow ?? false),
    reload: kind === "missile" ? (o.reload ?? base?.reload ?? "") : "",
    loaded: true,
    thrown,
    light: o.light ?? base?.light ?? false,
    unarmed: base?.unarmed ?? false,
    natural: false,
    magic: o.magic,
    count: o.count ?? (thrown ? 3 : 1),
    dropped: false,
  };
}

function naturalAttack(
  a: CombatantStats["attacks"][number],
  i: number,
  taken: Set<string>,
): WeaponState {
  const name = typeof a === "string" ? `attack ${i + 1}` : a.name;
  return {
    id: uniqueId(name, taken, "item"),
    name,
    damage: typeof a === "string" ? a : a.damage,
    kind: "melee",
    reach: 5,
    long: false,
    range: 0,
    bow: false,
    reload: "",
    loaded: true,
    thrown: false,
    light: false,
    unarmed: false,
    natural: true,
    magic: 0,
    count: 1,
    dropped: false,
  };
}

function magic(
  m: SpellItem | WandItem,
  taken: Set<string>,
  uses: number,
  level: number,
): MagicState {
  const damage = m.damage ?? "";
  return {
    id: uniqueId(m.name, taken, "item"),
    name: m.name,
    damage,
    save: m.save ?? (damage === "" ? "negates" : "none"),
    effect: m.effect ?? (damage === "" ? "gm" : "damage"),
    range: m.range,
    area: m.area,
    level,
    uses,
  };
}

function kindOf(s: CombatantStats): Kind {
  return s.kind ?? (isMonsterStats(s) ? "monster" : "character");
}

export function fighterFrom(spec: CombatantSpec, index: number, pos: number): Fighter {
  const s = spec.stats as unknown as CombatantStats;
  const kind = kindOf(s);
  const level = s.level ?? 0;
  const hitDice = s.hitDice ?? 0;
  const monster = isMonsterStats(s);
  const cls = s.class ?? (monster ? "other" : "fighter");
  const bcb = s.bcb ?? (monster ? monsterBcb(hitDice) : fighterBcb(level));
  const str = strength(s.str);
  const dex = dexterity(s.dex);
  const armour = ARMOUR[s.armour]!;
  const shield = SHIELDS[s.shield]!;
  const shieldAc = shield.bonus + (shield.bonus > 0 ? s.shieldMagic : 0);
  const baseAc = s.ac ?? 10 + armour.bonus + s.armourMagic + shieldAc;
  const taken = new Set<string>();
  const weapons = s.weapons.map((w) => resolveWeapon(w, taken));
  s.attacks.forEach((a, i) => weapons.push(naturalAttack(a, i, taken)));
  let offHand = -1;
  if (s.offHand !== undefined) {
    // The schema has checked it is light (or its owner a ranger).
    offHand = weapons.length;
    weapons.push(resolveWeapon(s.offHand, taken));
  }
  if (s.attacks.length === 0) weapons.push(resolveWeapon("unarmed", taken));
  const spellIds = new Set<string>();
  const hp = Math.min(s.currentHitPoints ?? s.hitPoints, s.hitPoints);
  return {
    id: spec.id,
    name: spec.name,
    side: spec.side,
    sheet: {
      index,
      kind,
      cls,
      level,
      hitDice,
      bcb,
      strHit: str.hit,
      strDamage: str.damage,
      dex: s.dex,
      initDie: s.initiativeDie ?? initiativeDie(s.dex),
      dexMissile: dex.missile,
      dexAc: dex.ac,
      baseAc,
      shieldAc,
      armourName: s.armour,
      armourMagic: s.armourMagic,
      metalArmour: armour.metal,
      heavyArmour: s.armour === "plate",
      save: s.save ?? defaultSave(kind, level, hitDice),
      maxCon: s.con,
      maxHp: s.hitPoints,
      speed: s.speed * DEFAULTS.feetPerInch,
      offHand,
      surpriseDie: surpriseDieWith(s.surpriseDie, HELM_STEPS[s.helm]),
      surprisedOn: s.surprisedOn,
      allRoundVision: s.allRoundVision,
      seesInvisible: s.seesInvisible ?? hitDice > DEFAULTS.seesInvisibleAbove,
      fearless: s.fearless,
      massive: s.massive,
      vitals: s.vitals,
      subduable: s.subduable ?? kind !== "monster",
      subdualMode: s.subdual,
      cover: s.cover,
      terrain: s.terrain,
      critBonus: s.mightyBlowBonus,
      needsMagic: s.needsMagic,
    },
    con: s.con,
    hp,
    subdual: 0,
    pos,
    facing: 1,
    status: hp > 0 ? "fighting" : "down",
    outRound: -1,
    outCount: -1,
    stunnedThrough: -1,
    stunRound: -1,
    stunCount: -1,
    stunDie: 0,
    stunFrom: -1,
    penalty: 0,
    fleshWounds: 0,
    slots: [],
    acted: false,
    moved: 0,
    attacked: false,
    strikes: 0,
    retreat: 0,
    fleeing: false,
    closedWith: "",
    fendedBy: "",
    meleeTarget: "",
    meleeTargetPrev: "",
    disrupted: false,
    hitRound: -1,
    hitCount: -1,
    best: -1,
    steady: {
      weapons,
      spells: s.spells.map((m) => magic(m, spellIds, m.uses, m.level)),
      scrolls: s.scrolls.map((m) => magic(m, spellIds, m.uses, m.level)),
      wands: s.wands.map((m) => magic(m, spellIds, m.charges, 0)),
      invisible: s.invisible,
      undetected: false,
      knockoutThrough: -1,
      knockoutDie: 0,
      knockoutFrom: -1,
      knockoutWakes: true,
      blindThrough: -1,
      blindDie: 0,
      blindFrom: -1,
      surprisedFor: 0,
      fightingOn: false,
      damagePenalty: 0,
      proneRound: -1,
      embedded: [],
      pinnedThrough: -1,
      moraleAsked: 0,
      routed: false,
      castInSurprise: false,
      plan: "fight",
      planTarget: "",
      planItem: "",
      bcbAttack: Math.floor(bcb / 2),
      bcbAc: 0,
      fullDefence: false,
      concentrating: "",
      castCount: 0,
      readLeft: 0,
      removed: false,
    },
  };
}

function checkIds(
  options: EncounterOptions,
  ids: ReadonlySet<string>,
  sides: ReadonlySet<string>,
): void {
  checkCombatantIds(ids, [
    ["positions", Object.keys(options.positions)],
    ["undetected", options.undetected],
    ["facing", Object.keys(options.facing)],
    ...options.shieldWalls.map((w, i) => [`shieldWalls[${i}]`, w] as const),
  ]);
  if (options.surprise === "ambush") {
    if (options.ambusher === undefined || !sides.has(options.ambusher)) {
      throw new InputError(
        `options.ambusher: an ambush needs the ambushing side; sides: ${[...sides].join(", ")}`,
        "options.ambusher",
      );
    }
  }
}

/** The count's bookkeeping (procedures/round.ts) has room for this many combatants. */
export const MAX_COMBATANTS = 512;

function build(e: EncounterSetup): SwState {
  if (e.combatants.length > MAX_COMBATANTS) {
    throw new InputError(
      `combatants: ${e.combatants.length} combatants; swords-wizardry-fitz plays at most ${MAX_COMBATANTS} in one encounter`,
      "combatants",
    );
  }
  const options = encounterOptionsSchema.parse(e.options as JsonObject);
  const ids = new Set(e.combatants.map((c) => c.id));
  checkIds(options, ids, new Set(e.sides.map((s) => s.id)));
  const first = e.sides[0]?.id ?? e.combatants[0]!.side;
  const combatants = e.combatants.map((c, i) =>
    fighterFrom(c, i, options.positions[c.id] ?? (c.side === first ? 0 : options.distance)),
  );
  for (const c of combatants)
    if (c.steady.invisible && options.undetected.includes(c.id)) ownSteady(c).undetected = true;
  const state: SwState = {
    round: 0,
    start: {
      surprise: options.surprise,
      ambusher: options.ambusher ?? "",
      ambushChance: options.ambushChance,
      ambushSegments: options.ambushSegments,
    },
    segments: 0,
    count: -1,
    midRound: false,
    blow: null,
    freeAttacker: "",
    switches: readSwitches(e.switches),
    terrainDexModifier: options.terrainDexModifier,
    askTerrain: options.askTerrain,
    walls: options.shieldWalls.map((w) => [...w]),
    combatants,
    exchange: null,
  };
  faceFoes(
    state,
    Object.keys(options.facing).filter((id) => options.facing[id] === "away"),
  );
  return state;
}

/** A copy of an initiative slot, as an object literal (one hidden class: see `copyFighter`). */
function copySlot(s: Slot): Slot {
  return { count: s.count, use: s.use, done: s.done, held: s.held };
}

/**
 * A copy of a fighter, field by field in the order `fighterFrom` makes them (the interning of
 * exact odds compares keys in order): an object literal gives every copy one hidden class, where
 * a spread takes V8's slow path once the copies' sources have more than a few (measured at the
 * swords-wizardry-fitz duel's first decision: about 5 us a fighter against 1). Its steady part
 * (gear, items, lasting conditions, the round's stance) is shared: a rule changes it only through
 * `ownSteady` (own-steady.ts), which copies it first.
 */
function copyFighter(f: Fighter): Fighter {
  return {
    id: f.id,
    name: f.name,
    side: f.side,
    sheet: f.sheet,
    con: f.con,
    hp: f.hp,
    subdual: f.subdual,
    pos: f.pos,
    facing: f.facing,
    status: f.status,
    outRound: f.outRound,
    outCount: f.outCount,
    stunnedThrough: f.stunnedThrough,
    stunRound: f.stunRound,
    stunCount: f.stunCount,
    stunDie: f.stunDie,
    stunFrom: f.stunFrom,
    penalty: f.penalty,
    fleshWounds: f.fleshWounds,
    slots: f.slots.length === 0 ? [] : f.slots.map(copySlot),
    acted: f.acted,
    moved: f.moved,
    attacked: f.attacked,
    strikes: f.strikes,
    retreat: f.retreat,
    fleeing: f.fleeing,
    closedWith: f.closedWith,
    fendedBy: f.fendedBy,
    meleeTarget: f.meleeTarget,
    meleeTargetPrev: f.meleeTargetPrev,
    disrupted: f.disrupted,
    hitRound: f.hitRound,
    hitCount: f.hitCount,
    best: f.best,
    steady: f.steady,
  };
}

/**
 * A copy of a state (plain JSON), faster than a generic clone: what a rule may change in place is
 * copied; what none changes is shared: the pending blow (never changed once made, only replaced),
 * the start and exchange settings, the shield walls, the switches, the sheets and the fighters'
 * steady parts (changed only through `ownSteady`).
 */
export function copyState(s: SwState): SwState {
  return {
    round: s.round,
    start: s.start,
    segments: s.segments,
    count: s.count,
    midRound: s.midRound,
    blow: s.blow,
    freeAttacker: s.freeAttacker,
    switches: s.switches,
    terrainDexModifier: s.terrainDexModifier,
    askTerrain: s.askTerrain,
    walls: s.walls,
    combatants: s.combatants.map(copyFighter),
    exchange: s.exchange,
  };
}

export const setup = buildOnce(build, copyState);
