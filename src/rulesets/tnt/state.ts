// The state of a tnt fight: plain JSON (the engine clones and stores it). Fighters keep their
// resolved stats and gear so procedures read numbers, not tables; ranges live per pair of
// combatants (Combat ranges and how to change them).
import type { DamageType } from "./data/weapons.js";
import type { HitResult } from "./procedures/hit-or-miss.js";
import type { TntSwitches } from "./switches.js";

export type Range = "disengaged" | "onset" | "melee" | "grapple";

export interface FighterWeapon {
  readonly name: string;
  readonly damageDie: number;
  readonly damageType: DamageType;
  /** Sides of the critical damage die of its damage type (the `critDice` switch). */
  readonly critDie: number;
  readonly reach: number;
  readonly speed: number;
  readonly defence: number;
  readonly armourPiercing: number;
  readonly small: boolean;
}

/** Best result of a fighter's own attacks this round (exchange categories). */
export const BEST_NONE = -1;

export interface Fighter {
  readonly id: string;
  /** Position in `fighters` (ranges are indexed by it). */
  readonly index: number;
  /** The fighter's static numbers as one string: the key of the policies' tables. */
  readonly profile: string;
  readonly name: string;
  readonly side: string;
  readonly combatDice: number;
  readonly attackSkill: number;
  readonly defenceSkill: number;
  readonly damageBonus: number;
  readonly conSave: number;
  readonly initiative: number;
  readonly maxHp: number;
  readonly weapon: FighterWeapon;
  readonly armour: { readonly name: string; readonly dr: number };
  readonly shield: { readonly name: string; readonly defence: number } | null;
  hp: number;
  /** Combat dice left in the pool this round. */
  pool: number;
  /** Dice lost for the rest of combat (the blunt rider). */
  lostDice: number;
  /** Dice set aside this round for Attacks in Anger (forfeit until the pool replenishes). */
  angerDice: number;
  /** Dice spent this round on other efforts at the GM's ruling (Combat dice). */
  effortDice: number;
  out: boolean;
  fled: boolean;
  /** Taken out of the fight by the GM's hand (gm-changes.ts): fled, and out of the views. */
  removed: boolean;
  /** Has taken its turn this round. */
  acted: boolean;
  /** Dice still set for attacks it has planned this turn (the rest of the pool is reserve). */
  committed: number;
  /** Attacks this round that rolled exactly two d20 (the onset-to-melee transition). */
  twoDiceAttacks: number;
  /** In an exchange (its result): damage dealt to foes so far; 0 elsewhere. */
  dealt: number;
  /** In an exchange (its result): best result of its attacks this round, or BEST_NONE. */
  best: number;
}

/** A turn stopped between two of its attacks, or before an attack's counter-attack (TntState.turn). */
export interface TurnInProgress {
  /** Dice planned for each attack still to come (after the one awaiting its counter-attack). */
  planned: number[];
  /** Range changes made this turn. */
  moves: number;
  /** The attack struck whose counter-attack comes next, or null. */
  counter: PendingCounter | null;
}

/** An attack of a turn struck, before the counter-attack its active defence allows. */
export interface PendingCounter {
  /** The defender (its index in `fighters`), who may counter-attack. */
  target: number;
  /** The range between the two before the attack. */
  range: Range;
  /** The attack's outcome (StrikeOutcome). */
  result: HitResult;
  rolled: number;
  natural: number;
  total: number;
  activeDefence: boolean;
}

export interface TntState {
  round: number;
  /** True once initiative has been rolled and the fight is at onset. */
  started: boolean;
  /** Where the fight begins once initiative is rolled ("normally" onset: Onset range). */
  readonly startRange: Range;
  /** The GM rules, turn by turn, on combat dice spent on other efforts (Combat dice). */
  readonly otherEfforts: boolean;
  fighters: Fighter[];
  /** Indexes into `fighters`, in initiative order. */
  order: number[];
  /**
   * The round under way: how many of its turns (in `order`) are over, so that `round` resumes
   * after them (exact odds' resumable points); null between rounds.
   */
  turnsTaken: number | null;
  /**
   * The turn under way, stopped between two of its attacks or before an attack's counter-attack
   * (null otherwise): what is still to come of it, so that `round` resumes there too.
   */
  turn: TurnInProgress | null;
  /** Range of each pair, `ranges[i * n + j]` (symmetric). */
  ranges: Range[];
  readonly switches: TntSwitches;
  /** Set for an exchange (exact odds): whether the defender takes its turn after the attacker. */
  readonly exchange?: { readonly defenderAttacks: boolean };
}

export function rangeOf(state: TntState, a: Fighter, b: Fighter): Range {
  return state.ranges[a.index * state.fighters.length + b.index]!;
}

export function setRange(state: TntState, a: Fighter, b: Fighter, range: Range): void {
  const n = state.fighters.length;
  state.ranges[a.index * n + b.index] = range;
  state.ranges[b.index * n + a.index] = range;
}

export function inFight(f: Fighter): boolean {
  return !f.out && !f.fled;
}

/** Foes still in the fight and not disengaged from `f`. */
export function engagedFoes(state: TntState, f: Fighter): Fighter[] {
  const out: Fighter[] = [];
  for (const g of state.fighters) {
    if (g.side !== f.side && inFight(g) && rangeOf(state, f, g) !== "disengaged") out.push(g);
  }
  return out;
}
