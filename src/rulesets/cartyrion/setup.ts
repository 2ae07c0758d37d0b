// Builds the starting state of an encounter from a validated encounter file: resolves weapons,
// armour and shields against the default tables, places everyone on the field and marks the
// party. The resolved state is cached per encounter and copied, because simulation calls
// `setup` once for every fight it plays.
import type { JsonObject } from "../../engine/json.js";
import type { CombatantSpec, EncounterSetup } from "../../engine/ruleset.js";
import { buildOnce, checkCombatantIds, partySide, uniqueId } from "../../engine/ruleset-setup.js";
import { ARMOUR, SHIELDS } from "./data/armour.js";
import { WEAPONS } from "./data/weapons.js";
import { damageDiceMultiplier } from "./procedures/damage-dice.js";
import {
  encounterOptionsSchema,
  type CombatantStats,
  type SpellItem,
  type WeaponItem,
} from "./schema.js";
import type { CartyrionState, CombatantState, SpellState, WeaponState } from "./state.js";
import { readSwitches, type Switches } from "./switches.js";

export function resolveWeapon(item: WeaponItem, taken: Set<string>): WeaponState {
  const o: Exclude<WeaponItem, string> =
    typeof item === "string" ? { weapon: item, magic: 0, specialised: false } : item;
  const base = o.weapon === undefined ? undefined : WEAPONS[o.weapon];
  const kind = o.kind ?? base?.kind ?? "melee";
  const name = o.name ?? base?.name ?? "weapon";
  return {
    id: uniqueId(o.weapon ?? name, taken, "item"),
    name,
    die: o.die ?? base?.die ?? 6,
    kind,
    finesse: o.finesse ?? base?.finesse ?? false,
    reach: kind === "ranged" ? 0 : (o.reach ?? base?.reach ?? (kind === "reach" ? 10 : 5)),
    range: kind === "ranged" ? (o.range ?? base?.range ?? 60) : 0,
    reload: o.reload ?? base?.reload ?? false,
    loaded: true,
    thrown: o.thrown ?? base?.thrown ?? false,
    natural: o.natural ?? base?.natural ?? false,
    magic: o.magic,
    specialised: o.specialised,
    carried: o.carried ?? "ready",
    count: o.count ?? 1,
  };
}

function resolveSpell(s: SpellItem, taken: Set<string>): SpellState {
  return {
    id: uniqueId(s.name, taken, "item"),
    name: s.name,
    die: s.die ?? 0,
    range: s.range,
    bonus: s.bonus,
    direct: s.direct,
    mitigated: s.mitigated,
    uses: s.uses,
  };
}

export function combatant(spec: CombatantSpec, party: boolean, pos: number): CombatantState {
  const s = spec.stats as unknown as CombatantStats;
  const taken = new Set<string>();
  const weapons = s.weapons.map((w) => resolveWeapon(w, taken));
  if (!weapons.some((w) => w.natural)) weapons.push(resolveWeapon("unarmed", taken));
  // The first hand-held weapon whose place the file does not give starts in hand, unless the
  // file puts another one there.
  const placed = s.weapons.map((w) => typeof w !== "string" && w.carried !== undefined);
  if (!weapons.some((w) => w.carried === "hand")) {
    const first = weapons.findIndex((w, i) => !w.natural && placed[i] !== true);
    if (first >= 0) weapons[first]!.carried = "hand";
  }
  const shield = s.shield === undefined ? null : SHIELDS[s.shield]!;
  const spellIds = new Set<string>();
  return {
    id: spec.id,
    name: spec.name,
    side: spec.side,
    party,
    level: s.level,
    dice: damageDiceMultiplier(s.level),
    str: s.str,
    dex: s.dex,
    awa: s.awa,
    move: s.move,
    armour: ARMOUR[s.armour]!.points + s.naturalArmour,
    stamina: Math.min(s.currentStamina ?? s.stamina, s.stamina),
    maxStamina: s.stamina,
    slots: s.injurySlots,
    injuries: Math.min(s.injuries, s.injurySlots),
    weapons,
    shield:
      shield === null
        ? null
        : {
            name: shield.name,
            points: shield.points,
            durability: shield.durability,
            left: shield.durability,
          },
    spells: s.spells.map((sp) => resolveSpell(sp, spellIds)),
    cannotBeSurprised: s.cannotBeSurprised,
    status: s.injuries >= s.injurySlots ? "down" : "fighting",
    pos,
    surprised: false,
    concealed: false,
    parry: "",
    parryWeapon: "",
    parryExplosions: 0,
    aimAt: "",
    aimEffect: "",
    heldBy: "",
    withdrawing: false,
    attackedNow: [],
    attackedPrev: [],
    rangedHitRound: -1,
    rangedHitBy: "",
  };
}

/**
 * The same text, as the engine keeps it for property names. Ids, sides and kinds read from a
 * file are compared all the time in simulation; interned, comparing two of them (or one with a
 * literal of the code) is a pointer check. Only the strings' identity changes, never their text.
 */
function intern<T extends string>(text: T): T {
  const holder: Record<string, true> = { [text]: true };
  return (Object.keys(holder)[0] ?? text) as T;
}

function internStrings(c: CombatantState): void {
  c.id = intern(c.id);
  c.name = intern(c.name);
  c.side = intern(c.side);
  for (const w of c.weapons) {
    w.id = intern(w.id);
    w.name = intern(w.name);
    w.kind = intern(w.kind);
    w.carried = intern(w.carried);
  }
  for (const sp of c.spells) {
    sp.id = intern(sp.id);
    sp.name = intern(sp.name);
  }
}

function internSwitches(sw: Switches): Switches {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(sw))
    out[key] = typeof value === "string" ? intern(value) : value;
  return out as unknown as Switches;
}

function build(e: EncounterSetup): CartyrionState {
  const options = encounterOptionsSchema.parse(e.options as JsonObject);
  const partyId = partySide(e, options.party);
  checkCombatantIds(new Set(e.combatants.map((c) => c.id)), [
    ["positions", Object.keys(options.positions)],
    ["concealed", options.concealed],
  ]);
  const combatants = e.combatants.map((c) => {
    const party = c.side === partyId;
    const cs = combatant(c, party, options.positions[c.id] ?? (party ? 0 : options.distance));
    cs.concealed = options.concealed.includes(c.id);
    internStrings(cs);
    return cs;
  });
  return {
    round: 0,
    progress: null,
    start: intern(options.start),
    reverseAmbush: options.reverseAmbush,
    surprisedDex: null,
    cover: options.cover,
    switches: internSwitches(readSwitches(e.switches)),
    combatants,
    exchange: null,
  };
}

function copyWeapon(w: WeaponState): WeaponState {
  return {
    id: w.id,
    name: w.name,
    die: w.die,
    kind: w.kind,
    finesse: w.finesse,
    reach: w.reach,
    range: w.range,
    reload: w.reload,
    loaded: w.loaded,
    thrown: w.thrown,
    natural: w.natural,
    magic: w.magic,
    specialised: w.specialised,
    carried: w.carried,
    count: w.count,
  };
}

/** The weapons copied in a loop: cheaper than `map` for a copy made for every fight. */
function copyWeapons(ws: readonly WeaponState[]): WeaponState[] {
  const out: WeaponState[] = [];
  for (let i = 0; i < ws.length; i += 1) out.push(copyWeapon(ws[i]!));
  return out;
}

/** A deep copy of a combatant (the state's copy, and the duel memo's kept positions). */
export function copyCombatant(c: CombatantState): CombatantState {
  return {
    id: c.id,
    name: c.name,
    side: c.side,
    party: c.party,
    level: c.level,
    dice: c.dice,
    str: c.str,
    dex: c.dex,
    awa: c.awa,
    move: c.move,
    armour: c.armour,
    stamina: c.stamina,
    maxStamina: c.maxStamina,
    slots: c.slots,
    injuries: c.injuries,
    weapons: copyWeapons(c.weapons),
    shield:
      c.shield === null
        ? null
        : {
            name: c.shield.name,
            points: c.shield.points,
            durability: c.shield.durability,
            left: c.shield.left,
          },
    spells: c.spells.length === 0 ? [] : c.spells.map((sp) => ({ ...sp })),
    cannotBeSurprised: c.cannotBeSurprised,
    status: c.status,
    pos: c.pos,
    surprised: c.surprised,
    concealed: c.concealed,
    parry: c.parry,
    parryWeapon: c.parryWeapon,
    parryExplosions: c.parryExplosions,
    aimAt: c.aimAt,
    aimEffect: c.aimEffect,
    heldBy: c.heldBy,
    withdrawing: c.withdrawing,
    attackedNow: c.attackedNow.length === 0 ? [] : c.attackedNow.slice(),
    attackedPrev: c.attackedPrev.length === 0 ? [] : c.attackedPrev.slice(),
    rangedHitRound: c.rangedHitRound,
    rangedHitBy: c.rangedHitBy,
  };
}

function copyCombatants(cs: readonly CombatantState[]): CombatantState[] {
  const out: CombatantState[] = [];
  for (let i = 0; i < cs.length; i += 1) out.push(copyCombatant(cs[i]!));
  return out;
}

/** A deep copy of a state (plain JSON), without the cost of a generic clone. */
export function copyState(s: CartyrionState): CartyrionState {
  return {
    round: s.round,
    progress:
      s.progress === null
        ? null
        : {
            partyFirst: s.progress.partyFirst,
            sidesDone: s.progress.sidesDone,
            acted: [...s.progress.acted],
          },
    start: s.start,
    reverseAmbush: s.reverseAmbush,
    surprisedDex: s.surprisedDex,
    cover: s.cover,
    switches: s.switches,
    combatants: copyCombatants(s.combatants),
    exchange: s.exchange === null ? null : { ...s.exchange },
  };
}

export const setup = buildOnce(build, copyState);
