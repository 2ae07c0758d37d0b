// The state of a Dungeons of Olde fight: plain JSON, mutated in place by `round` (the engine clones
// around each call). Combatants stand on a line of spaces (Fray's simple distance model: the
// distance between two combatants is the difference of their positions; several may share a
// space, which is Reach 0). One engine round is one turn: a reset phase, then an action phase of
// as many rounds as the action points last.
import type { CheckStat } from "./data/weapons.js";
import type { Switches } from "./switches.js";

/** How a weapon fights in melee (a row of the Melee Weapons table, or a file's own). */
export interface MeleeProfile {
  /** The weapon skill (its group in the table). */
  readonly skill: string;
  /** Check Stat: the stat dice rolled in its Attack Checks. */
  readonly stat: CheckStat;
  readonly reachMin: number;
  readonly reachMax: number;
  /** Brawn Minimum to wield it in one hand, and in two (0: it cannot be held in two hands). */
  readonly brawn1h: number;
  readonly brawn2h: number;
  /** Rank of its damage die; 0 for an unarmed blow (the Brawn die, halved). */
  readonly damage: number;
  /** A small improvised weapon: an unarmed blow +1 damage per full 5 Brawn. */
  readonly improvised: boolean;
}

/** How a weapon shoots or is thrown (a row of the ranged weapons table, or a file's own). */
export interface RangedProfile {
  readonly skill: string;
  /** Base Range in spaces; the Range Limit is `limit` times it. */
  readonly baseRange: number;
  readonly limit: number;
  readonly hands: 1 | 2;
  /** Brawn Minimum to use it (for crossbows: to aim and shoot). */
  readonly brawn: number;
  /** Crossbows: the Brawn Minimum to reset it by hand (0: not a crossbow). */
  readonly brawnReset: number;
  readonly damage: number;
  /** Thrown: the weapon itself flies (one throw per item carried). */
  readonly thrown: boolean;
}

/** Where a weapon is: in hand, carried (drawn with a Ready action), on the ground, broken, gone. */
export type Where = "hand" | "carried" | "ground" | "broken" | "gone";

export interface WeaponState {
  /** Unique within its owner: the table key or the name, with "-2", "-3" for duplicates. */
  id: string;
  name: string;
  melee: MeleeProfile | null;
  ranged: RangedProfile | null;
  /** Hands it is wielded in for melee (1 or 2). */
  grip: 1 | 2;
  /** Bare hands: always at hand, never dropped or broken. */
  natural: boolean;
  where: Where;
  /** The space where it lies, when on the ground. */
  groundPos: number;
  /** Items of it carried (thrown weapons). */
  count: number;
  /** A crossbow is reset and loaded. */
  loaded: boolean;
  /** Its wielder has its skill (else -2 to Attack Checks). */
  skilled: boolean;
}

export interface ShieldState {
  name: string;
  bonus: number;
  brawn: number;
  spellcasting: number;
}

export interface ArmourState {
  name: string;
  dr: number;
  brawn: number;
}

export type Status = "fighting" | "incapacitated" | "dead" | "fled";

/** Blindness: none, temporary (until the reset phase), lasting (the rest of the fight). */
export type Blindness = 0 | 1 | 2;

/**
 * What no rule changes during a fight: a combatant's stats, gear bonuses and adjustments (part
 * of its `CombatantSteady`, never copied).
 */
export interface CombatantSheet {
  /** A player character: earns character points from critical outcomes. */
  readonly party: boolean;
  /** Its place in the encounter file (the last tie-break of the order within a round). */
  readonly order: number;
  readonly brawn: number;
  readonly finesse: number;
  readonly nerve: number;
  readonly savvy: number;
  readonly maxHp: number;
  /** A turn's allowance of free steps. */
  readonly freeStepsMax: number;
  readonly shield: ShieldState | null;
  readonly shieldSkill: boolean;
  readonly healing: boolean;
  readonly armour: ArmourState;
  /** Brawn short of the armour's minimum (a die rank off Finesse dice, -1 to Brawn checks each). */
  readonly armourShort: number;
  /** Brawn short of the shield's minimum (-1 to Brawn and Finesse checks each, while it is used). */
  readonly shieldShort: number;
  readonly adjAttack: number;
  readonly adjDefence: number;
  readonly adjDamage: number;
  readonly adjArmour: number;
  readonly adjAp: number;
  readonly nemesis: boolean;
  readonly caster: boolean;
}

/**
 * What a run of the rules seldom changes: a combatant's sheet and gear and its lasting
 * conditions. Every copy of the state shares it (setup.ts
 * `copySharingSteady`) until a rule changes one of its fields, which it does through `ownSteady`
 * (own-steady.ts) on a fresh copy, so exact odds' interning (engine/state-key.ts) finds the
 * unchanged part by identity and walks only the few fields most runs change (hit points, action
 * points, position: `CombatantState`).
 */
export interface CombatantSteady {
  /** What no rule changes during a fight. */
  readonly sheet: CombatantSheet;
  /** Dying: loses 1 HP at every reset phase until stabilized. */
  readonly bleeding: boolean;
  /**
   * Every weapon it has, bare hands last; `hand` is the index of the one in hand. Shared with the
   * copies too: a rule changes one only through `ownWeapons` (own-weapons.ts).
   */
  readonly weapons: WeaponState[];
  readonly hand: number;
  readonly stunned: boolean;
  readonly blind: Blindness;
  readonly lame: boolean;
  /** A Shield Block is up: +2 Defense against melee attacks until the reset phase. */
  readonly blocking: boolean;
  readonly withdrawing: boolean;
  readonly surprised: boolean;
  /** Taken out of the fight by the GM's hand (gm-changes.ts): it left, and out of the views. */
  readonly removed: boolean;
}

export interface CombatantState {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  status: Status;
  hp: number;
  ap: number;
  /** Free steps left this turn. */
  freeSteps: number;
  pos: number;
  prone: boolean;
  /** The round of the action phase it last acted in this turn (0: none): the turn order's "done". */
  actedIn: number;
  /** Character points earned in this fight (player characters). */
  cp: number;
  /** HP dealt to foes this fight, and the best attack tier rolled (-1: none), for exchanges. */
  dealt: number;
  best: number;
  /** The rest, shared by the copies until a rule changes it (`ownSteady`). */
  steady: CombatantSteady;
}

/**
 * A place on the field that blocks part of a line of sight (Line of Sight): an attack whose line
 * passes over it, or ends on a defender standing in it, takes its penalty.
 */
export interface CoverPlace {
  readonly space: number;
  /** The Attack Check's penalty: 3 (partial line of sight) or 6 (minimal). */
  readonly penalty: number;
}

export interface DooState {
  /** Turns begun (an engine round is one turn). */
  turn: number;
  /**
   * The turn under way is past its reset phase: `round` resumes its action phase (exact odds stop
   * there and after each character's round, procedures/turn.ts). False between turns.
   */
  inTurn: boolean;
  /** The round of the action phase being played (0: the reset phase). */
  actionRound: number;
  /**
   * Who is still to act in the action phase's round under way, in its order (indexes of
   * `combatants`, fixed when the round starts; replaced, never changed in place). Empty between
   * rounds.
   */
  queue: readonly number[];
  /** Someone did something in the action phase's round under way (else the phase ends with it). */
  acted: boolean;
  switches: Switches;
  combatants: CombatantState[];
  /** The places of cover on the field. */
  cover: readonly CoverPlace[];
  /** Set for an exchange: fixed action points, no reset phase. */
  exchange: { attackerAp: number; defenderAp: number } | null;
}
