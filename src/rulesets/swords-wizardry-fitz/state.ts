// The state of a fight: plain JSON, mutated in place by `round` (the engine clones around each
// call), but for each fighter's sheet and steady part, which copies share: those are replaced,
// not changed (own-steady.ts). Combatants stand on a line measured in feet (Fray's reading of the
// chapter's hexes: one 5-ft hex is 5 ft of line); everything a later count or round needs is
// kept here.
import type { WeaponKind } from "./data/weapons.js";
import type { CharacterClass } from "./schema.js";
import type { SwSwitches } from "./switches.js";

export interface WeaponState {
  /** Unique within its owner: the table key or the name, with "-2", "-3" for duplicates. */
  readonly id: string;
  readonly name: string;
  readonly damage: string;
  readonly kind: WeaponKind;
  readonly reach: number;
  readonly long: boolean;
  readonly range: number;
  readonly bow: boolean;
  readonly reload: "" | "light" | "heavy";
  readonly loaded: boolean;
  readonly thrown: boolean;
  readonly light: boolean;
  readonly unarmed: boolean;
  /** A monster's natural attack (claw, bite): one initiative roll and one attack each. */
  readonly natural: boolean;
  readonly magic: number;
  readonly count: number;
  /** Dropped after a fumble: unusable until picked up. */
  readonly dropped: boolean;
}

export type SaveKind = "none" | "half" | "negates";
export type MagicEffect = "damage" | "out" | "gm";

/** A spell, a scroll or a wand. */
export interface MagicState {
  readonly id: string;
  readonly name: string;
  /** Damage dice, or "" for a spell without damage. */
  readonly damage: string;
  readonly save: SaveKind;
  readonly effect: MagicEffect;
  readonly range: number;
  readonly area: boolean;
  readonly level: number;
  /** Uses left (spells, scrolls) or charges (wands). */
  readonly uses: number;
}

export type Status =
  "fighting" | "knocked-out" | "down" | "subdued" | "dead" | "fled" | "surrendered";
export type Kind = "character" | "npc" | "monster";
export type Plan = "fight" | "two-weapons" | "off-hand-defence" | "charge" | "cast" | "read";

/** One initiative roll of the round: one per attack (Order of Battle). */
export interface Slot {
  count: number;
  /** "main", "off" (the off-hand weapon), "arrow" (a bow's second arrow) or a natural attack's weapon id. */
  use: string;
  done: boolean;
  held: boolean;
}

/**
 * What no rule changes during a fight (the GM may: gm-changes.ts replaces it whole): shared by
 * every copy of the state (copyState) and so walked once by the exact odds' interning
 * (engine/state-key.ts), so that a run copies and walks only what changes.
 */
export interface FighterSheet {
  readonly index: number;
  readonly kind: Kind;
  readonly cls: CharacterClass;
  readonly level: number;
  readonly hitDice: number;
  readonly bcb: number;
  readonly strHit: number;
  readonly strDamage: number;
  readonly dex: number;
  readonly initDie: number;
  readonly dexMissile: number;
  readonly dexAc: number;
  /** AC from armour, shield and magic (or the file's `ac`), before DEX and BCB. */
  readonly baseAc: number;
  /** The part of baseAc that is the shield's (lost from the rear in a shield-wall). */
  readonly shieldAc: number;
  readonly armourName: string;
  readonly armourMagic: number;
  readonly metalArmour: boolean;
  readonly heavyArmour: boolean;
  readonly save: number;
  readonly maxCon: number;
  readonly maxHp: number;
  /** Feet a round (speed in inches x 5: Ground Scale). */
  readonly speed: number;
  /** Index of the off-hand weapon in `weapons`, or -1. */
  readonly offHand: number;
  readonly surpriseDie: number;
  readonly surprisedOn: number;
  readonly allRoundVision: boolean;
  readonly seesInvisible: boolean;
  readonly fearless: boolean;
  readonly massive: boolean;
  readonly vitals: boolean;
  readonly subduable: boolean;
  readonly subdualMode: "never" | "ask" | "always";
  readonly cover: number;
  readonly terrain: number;
  readonly critBonus: number;
  /** Only weapons of at least this magic hurt it (0: any weapon). */
  readonly needsMagic: number;
}

/**
 * What a run of the rules seldom changes: a fighter's gear, its spells and items, its lasting
 * conditions and the stance it declared for the round. Every copy of the state shares it
 * (setup.ts `copyState`) until a rule changes one of its fields, which it does through
 * `ownSteady` (own-steady.ts) on a fresh copy, so exact odds' interning (engine/state-key.ts)
 * finds an unchanged part by identity and a run copies and walks only what most runs change
 * (hit points, CON, the initiative slots, what it did this count: `Fighter`).
 */
export interface FighterSteady {
  readonly weapons: readonly WeaponState[];
  readonly spells: readonly MagicState[];
  readonly scrolls: readonly MagicState[];
  readonly wands: readonly MagicState[];
  readonly invisible: boolean;
  readonly undetected: boolean;
  readonly knockoutThrough: number;
  readonly knockoutDie: number;
  readonly knockoutFrom: number;
  /**
   * Comes round when the knock-out ends (false: the blow that knocked it out also took it to 0
   * hit points or below and it failed its save versus death, so it stays unconscious).
   */
  readonly knockoutWakes: boolean;
  readonly blindThrough: number;
  readonly blindDie: number;
  readonly blindFrom: number;
  /** Surprise segments it is surprised for (Surprise: the number rolled). */
  readonly surprisedFor: number;
  /** Saved versus death at 0 HP or below and fights on at -2 (once). */
  readonly fightingOn: boolean;
  readonly damagePenalty: number;
  /** The round in which it must spend its half-move getting up (-1: none). */
  readonly proneRound: number;
  /** Damage dice of missiles left in the wound. */
  readonly embedded: readonly string[];
  readonly pinnedThrough: number;
  readonly moraleAsked: number;
  readonly routed: boolean;
  readonly castInSurprise: boolean;
  readonly plan: Plan;
  readonly planTarget: string;
  readonly planItem: string;
  readonly bcbAttack: number;
  readonly bcbAc: number;
  readonly fullDefence: boolean;
  /**
   * The opponent it singled out among several in reach for the round, declared before
   * initiative ("" when it attacks whoever the fight brings): Multiple Melee Targets.
   */
  readonly concentrating: string;
  /** Count at which its declared spell goes off (0 when not casting). */
  readonly castCount: number;
  /** Rounds of scroll reading left, this one included. */
  readonly readLeft: number;
  /** Taken out of the fight by the GM's hand (gm-changes.ts): fled, and out of the views. */
  readonly removed: boolean;
}

export interface Fighter {
  id: string;
  name: string;
  side: string;
  /** Fixed for the fight: shared by the state's copies, never changed in place. */
  sheet: FighterSheet;
  con: number;
  hp: number;
  subdual: number;
  pos: number;
  /**
   * The way it faces along the line, +1 or -1 (Backstabbing and Flanking: an attack from the
   * other side is from behind): toward its foes at the start, then toward whatever it moves to or
   * attacks.
   */
  facing: number;
  status: Status;
  /** Round and count at which it went out (it still acts at that count: simultaneous). */
  outRound: number;
  outCount: number;
  /** Stunned through the end of this round (-1: not stunned); its own rolls of duration may wait. */
  stunnedThrough: number;
  stunRound: number;
  stunCount: number;
  /** Sides of a stun die still to roll (0: none), and the round it counts from. */
  stunDie: number;
  stunFrom: number;
  /** Penalty to attacks and saves (flesh wounds, a monster fighting on at 0 HP or below). */
  penalty: number;
  fleshWounds: number;
  slots: Slot[];
  /** Has done something this round (movement goes with its first action). */
  acted: boolean;
  moved: number;
  attacked: boolean;
  /** Its own attacks this round (free attacks apart): after a move, one is all it gets. */
  strikes: number;
  retreat: number;
  fleeing: boolean;
  closedWith: string;
  fendedBy: string;
  meleeTarget: string;
  meleeTargetPrev: string;
  disrupted: boolean;
  hitRound: number;
  hitCount: number;
  /** In an exchange (its result): its best attack result this round; -1 elsewhere. */
  best: number;
  /** The rest, shared by the copies until a rule changes it (`ownSteady`). */
  steady: FighterSteady;
}

/** Settings of a one-exchange calculation (exchange.ts); null in an encounter. */
export interface ExchangeSettings {
  readonly initiative: "roll" | "attacker-first" | "defender-first" | "simultaneous";
  readonly defenderAttacks: boolean;
}

/** How the first round starts (1. Determine Surprise). */
export interface StartSettings {
  readonly surprise: "roll" | "none" | "ambush";
  readonly ambusher: string;
  readonly ambushChance: number;
  readonly ambushSegments: number;
}

/**
 * A hit whose damage is still to roll, where exact odds resume the round (procedures/attack.ts
 * onHit): the attacker, the target and the weapon by id.
 */
export interface PendingBlow {
  attacker: string;
  target: string;
  weapon: string;
  /** A natural 20, where the damage's riders read it (a fist, a missile); false elsewhere. */
  natural20: boolean;
  mighty: boolean;
}

export interface SwState {
  round: number;
  start: StartSettings;
  /** Surprise segments at the start (each played as a round). */
  segments: number;
  /** The count being played (0: the held actions at the round's end; -1 outside the countdown). */
  count: number;
  /**
   * The round is under way: its initiative is rolled and its stances chosen, and its slots say
   * which actions are done, so `round` plays on in its countdown (exact odds resume it there).
   */
  midRound: boolean;
  /** A hit in the countdown whose damage is still to roll (null: none). */
  blow: PendingBlow | null;
  /**
   * Who is taking a free attack, from its roll to its damage ("": nobody): the turn order says
   * so on its entry, where its own count beside the countdown's read as acting out of turn.
   */
  freeAttacker: string;
  switches: SwSwitches;
  terrainDexModifier: number;
  askTerrain: boolean;
  walls: readonly (readonly string[])[];
  combatants: Fighter[];
  exchange: ExchangeSettings | null;
}

export const OUTSIDE = -1;
export const HELD_PHASE = 0;
