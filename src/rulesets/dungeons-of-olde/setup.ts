// Builds the starting state of an encounter from a validated encounter file: resolves weapons,
// shields and armour against the chapter's tables, works out hit points and Brawn shortfalls,
// places everyone on the line of spaces and marks the player characters. The resolved state is
// cached per encounter and copied, because simulation calls `setup` once for every fight.
import type { JsonObject } from "../../engine/json.js";
import type { CombatantSpec, EncounterSetup } from "../../engine/ruleset.js";
import { buildOnce, checkCombatantIds, partySide, uniqueId } from "../../engine/ruleset-setup.js";
import { ARMOUR, SHIELDS } from "./data/armour.js";
import { COVER } from "./data/rules.js";
import { MELEE, RANGED } from "./data/weapons.js";
import { copySteady } from "./own-steady.js";
import { copyWeapon } from "./own-weapons.js";
import {
  encounterOptionsSchema,
  maxHitPoints,
  type CombatantStats,
  type WeaponItem,
} from "./schema.js";
import type {
  CombatantState,
  CombatantSteady,
  DooState,
  MeleeProfile,
  RangedProfile,
  WeaponState,
} from "./state.js";
import { readSwitches } from "./switches.js";

function meleeFromTable(key: string): MeleeProfile | null {
  const m = MELEE[key];
  if (m === undefined) return null;
  return {
    skill: m.skill,
    stat: m.stat,
    reachMin: m.reachMin,
    reachMax: m.reachMax,
    brawn1h: m.brawn1h,
    brawn2h: m.brawn2h,
    damage: m.damage,
    improvised: m.improvised,
  };
}

function rangedFromTable(key: string): RangedProfile | null {
  const r = RANGED[key];
  if (r === undefined) return null;
  return {
    skill: r.skill,
    baseRange: r.baseRange,
    limit: r.limit,
    hands: r.hands,
    brawn: r.brawn,
    brawnReset: r.brawnReset,
    damage: r.damage,
    thrown: r.thrown,
  };
}

function knows(skills: readonly string[] | undefined, skill: string): boolean {
  return skill === "" || skills === undefined || skills.includes(skill);
}

export function resolveWeapon(
  item: WeaponItem,
  s: CombatantStats,
  taken: Set<string>,
): WeaponState {
  const o = typeof item === "string" ? { weapon: item } : item;
  const key = o.weapon;
  let melee = key === undefined ? null : meleeFromTable(key);
  let ranged = key === undefined ? null : rangedFromTable(key);
  if (typeof item !== "string" && item.melee !== undefined) {
    const m = item.melee;
    melee = {
      skill: m.skill,
      stat: m.stat,
      reachMin: Math.min(m.reach[0], m.reach[1]),
      reachMax: Math.max(m.reach[0], m.reach[1]),
      brawn1h: m.brawn1h,
      brawn2h: m.brawn2h,
      damage: m.damage,
      improvised: false,
    };
  }
  if (typeof item !== "string" && item.ranged !== undefined)
    ranged = { ...item.ranged, hands: item.ranged.hands === 2 ? 2 : 1 };
  const given = typeof item === "string" ? undefined : item.name;
  const name =
    given ?? (key !== undefined ? (MELEE[key]?.name ?? RANGED[key]?.name) : undefined) ?? "weapon";
  const twoHands = melee !== null && melee.brawn2h > 0;
  const held = typeof item === "string" ? undefined : item.grip;
  const grip: 1 | 2 =
    held === undefined ? (twoHands && s.shield === undefined ? 2 : 1) : held === 2 ? 2 : 1;
  const skill = melee?.skill ?? ranged?.skill ?? "";
  const ranSkill = ranged?.skill ?? skill;
  return {
    id: uniqueId(given ?? key ?? name, taken, "weapon"),
    name,
    melee,
    ranged,
    grip: twoHands ? grip : 1,
    natural: false,
    where: "carried",
    groundPos: 0,
    count: (typeof item === "string" ? undefined : item.count) ?? 1,
    loaded: true,
    skilled: knows(s.skills, melee !== null ? skill : ranSkill),
  };
}

function bareHands(taken: Set<string>): WeaponState {
  return {
    id: uniqueId("unarmed", taken, "weapon"),
    name: MELEE.unarmed!.name,
    melee: meleeFromTable("unarmed"),
    ranged: null,
    grip: 1,
    natural: true,
    where: "hand",
    groundPos: 0,
    count: 1,
    loaded: true,
    skilled: true,
  };
}

export function combatant(
  spec: CombatantSpec,
  party: boolean,
  pos: number,
  order: number,
  surprised = false,
): CombatantState {
  const s = spec.stats as unknown as CombatantStats;
  const taken = new Set<string>();
  const weapons = s.weapons.map((w) => resolveWeapon(w, s, taken));
  weapons.push(bareHands(taken));
  // The first weapon of the file is in hand; the rest are carried, to be readied.
  const hand = weapons.length > 1 ? 0 : weapons.length - 1;
  if (hand === 0) weapons[0]!.where = "hand";
  const shieldRecord = s.shield === undefined ? undefined : SHIELDS[s.shield]!;
  const armour = ARMOUR[s.armour]!;
  const maxHp = maxHitPoints(s);
  const hp = Math.min(s.currentHitPoints ?? maxHp, maxHp);
  return {
    id: spec.id,
    name: spec.name,
    side: spec.side,
    status: hp <= -maxHp ? "dead" : hp <= 0 ? "incapacitated" : "fighting",
    hp,
    ap: 0,
    freeSteps: 0,
    pos,
    prone: false,
    actedIn: 0,
    cp: 0,
    dealt: 0,
    best: -1,
    steady: {
      sheet: {
        party,
        order,
        brawn: s.brawn,
        finesse: s.finesse,
        nerve: s.nerve,
        savvy: s.savvy,
        maxHp,
        freeStepsMax: s.freeSteps,
        shield:
          shieldRecord === undefined
            ? null
            : {
                name: shieldRecord.name,
                bonus: shieldRecord.bonus,
                brawn: shieldRecord.brawn,
                spellcasting: shieldRecord.spellcasting,
              },
        shieldSkill: shieldRecord !== undefined && knows(s.skills, "shield"),
        healing: s.skills?.includes("healing") ?? false,
        armour: { name: armour.name, dr: armour.dr, brawn: armour.brawn },
        armourShort: Math.max(0, armour.brawn - s.brawn),
        shieldShort: shieldRecord === undefined ? 0 : Math.max(0, shieldRecord.brawn - s.brawn),
        adjAttack: s.adjustments.attack,
        adjDefence: s.adjustments.defence,
        adjDamage: s.adjustments.damage,
        adjArmour: s.adjustments.armour,
        adjAp: s.adjustments.ap,
        nemesis: s.nemesis,
        caster: s.caster,
      },
      bleeding: hp <= 0,
      weapons,
      hand,
      stunned: false,
      blind: 0,
      lame: false,
      blocking: false,
      withdrawing: false,
      surprised,
      removed: false,
    },
  };
}

function build(e: EncounterSetup): DooState {
  const options = encounterOptionsSchema.parse(e.options as JsonObject);
  const partyId = partySide(e, options.party);
  checkCombatantIds(new Set(e.combatants.map((c) => c.id)), [
    ["positions", Object.keys(options.positions)],
    ["surprised", options.surprised],
  ]);
  const combatants = e.combatants.map((c, i) => {
    const party = c.side === partyId;
    const pos = options.positions[c.id] ?? (party ? 0 : options.distance);
    return combatant(c, party, pos, i, options.surprised.includes(c.id));
  });
  const cover = options.cover.map((p) => ({ space: p.space, penalty: COVER[p.lineOfSight] }));
  return {
    turn: 0,
    inTurn: false,
    actionRound: 0,
    queue: [],
    acted: false,
    switches: readSwitches(e.switches),
    combatants,
    cover,
    exchange: null,
  };
}

/**
 * A copy of `c` for a run of the rules: its own fields, written out so that every copy has one
 * shape (copies and interning stay on V8's fast paths), and `steady`.
 */
function copyCombatantWith(c: CombatantState, steady: CombatantSteady): CombatantState {
  return {
    id: c.id,
    name: c.name,
    side: c.side,
    status: c.status,
    hp: c.hp,
    ap: c.ap,
    freeSteps: c.freeSteps,
    pos: c.pos,
    prone: c.prone,
    actedIn: c.actedIn,
    cp: c.cp,
    dealt: c.dealt,
    best: c.best,
    steady,
  };
}

export function copyCombatant(c: CombatantState): CombatantState {
  const steady = copySteady(c.steady);
  steady.weapons = c.steady.weapons.map(copyWeapon);
  return copyCombatantWith(c, steady);
}

/** A copy of `c` sharing its steady part, which the rules change only through `ownSteady`. */
function shareCombatant(c: CombatantState): CombatantState {
  return copyCombatantWith(c, c.steady);
}

function copyWith(s: DooState, copy: (c: CombatantState) => CombatantState): DooState {
  return {
    turn: s.turn,
    inTurn: s.inTurn,
    actionRound: s.actionRound,
    queue: s.queue,
    acted: s.acted,
    switches: s.switches,
    combatants: s.combatants.map(copy),
    cover: s.cover,
    exchange: s.exchange === null ? null : { ...s.exchange },
  };
}

/** A deep copy of a state (plain JSON); profiles, shields and armour are never mutated. */
export function copyState(s: DooState): DooState {
  return copyWith(s, copyCombatant);
}

/**
 * The copy each run of exact odds plays on (Ruleset.copy): as `copyState`, but every combatant's
 * steady part (its sheet, weapons and lasting conditions) is shared with `s` until a rule
 * changes it, which it does through `ownSteady` (own-steady.ts). Most runs change none, so they
 * neither copy nor intern one.
 */
export function copySharingSteady(s: DooState): DooState {
  return copyWith(s, shareCombatant);
}

export const setup = buildOnce(build, copyState);
