// What lasts one melee of one pairing: each member's declared actions (split into halves and
// quarters), the defences it set against each strike, its saved actions, and who is involved
// with whom. Built by the declaration steps (declare.ts), consumed by the roll-and-compare
// step (resolve.ts); none of it is kept in the state.
import type { CalledShot } from "../data/charts.js";
import type { Fighter, KarnState } from "../state.js";

/** Quarter actions: a full action is 4, a half 2, a quarter 1 (Splitting Actions). */
export type Size = 4 | 2 | 1;
export const FULL: Size = 4;
export const HALF: Size = 2;
export const QUARTER: Size = 1;

/** What a split does to the roll: full 1, half 2, quarter 4. */
export function divisorOf(size: Size): number {
  return size === 4 ? 1 : size === 2 ? 2 : 4;
}

export type DefenceType = "block" | "parry" | "dodge";

export interface Defence {
  readonly owner: Act;
  readonly type: DefenceType;
  size: Size;
  /** From an action saved in step 2 (+5). */
  readonly saved: boolean;
  /** Where it came from: chosen in step 3, a saved action, a cancelled or split strike. */
  readonly from: "declared" | "saved" | "cancel" | "alter";
}

export interface StrikePart {
  readonly kind: "strike";
  readonly owner: Act;
  size: Size;
  /** Index of the full action it belongs to (the order of 5. Roll and Compare). */
  readonly group: number;
  /** A counterattack (defender, step 3). */
  readonly counter: boolean;
  /** Index into the owner's attacks. */
  readonly attack: number;
  readonly called: CalledShot | null;
  readonly target: Act;
  /** The target's defence against it (step 3 or 4), or null. */
  defence: Defence | null;
  /** Cancelled in step 4: a fake the target's defence was spent on. */
  fake: boolean;
  /** Rolled, or found impossible. */
  done: boolean;
  /** 1-based number among the owner's strikes this melee (how answers name it). */
  readonly number: number;
  /** The GM's penalty to a block or parry against it when it is a ranged attack. */
  rangedPenalty: number;
}

export type OtherKind = "save" | "skill" | "pick-up" | "retrieve" | "flee" | "follow" | "none";

export interface OtherPart {
  readonly kind: OtherKind;
  readonly owner: Act;
  size: Size;
  readonly group: number;
  /** Skill name, or the attack index picked up or retrieved. */
  readonly what: string;
  /** Saved actions: quarter actions not yet used for defences. */
  capacity: number;
  done: boolean;
}

export type Part = StrikePart | OtherPart;

export interface DodgeState {
  /** The total rolled once (switch dodgeRoll "once"), or null until rolled. */
  total: number | null;
  /** Natural of the once-rolled dodge (for its natural 20 and 1). */
  natural: number;
  /** A winner's dodge in step 4 (its first action still goes ahead). */
  readonly winner: boolean;
}

/** One combatant in one pairing for this melee. */
export interface Act {
  readonly f: Fighter;
  readonly pairing: Pairing;
  winner: boolean;
  /** Initiative total (Infinity for a natural 20, -Infinity for a forfeit). */
  initiative: number;
  /** Its own actions in the order declared. */
  parts: Part[];
  /** Strikes declared against it. */
  incoming: StrikePart[];
  /** Quarter actions used or declared so far. */
  used: number;
  dodge: DodgeState | null;
  fleeing: boolean;
  /** Someone followed its flight: the flight fails. */
  followed: boolean;
  /** Noticed the flight of these fleeing winners (ALT check). */
  noticed: Act[];
  /** Counterattacks declared against it (step 4 answers them). */
  counters: StrikePart[];
  /** -1 per opponent when acting against several (Multiple Attackers Or Defenders). */
  penalty: number;
  /** Opponents whose strikes its dodge covers (for the dodge's own penalty). */
  dodgeAttackers: number;
  /** No more actions or defences this melee (black out, knock out, overkill). */
  stopped: boolean;
  /** Keeps only its first full action (overkill, a winner's dodge). */
  firstOnly: boolean;
  /** Took a damaging blow this melee (overkill is judged on the first). */
  hurt: boolean;
  /** Strikes declared so far (numbers them). */
  strikes: number;
  /** The forms its full actions were declared as, by full action (a winner's; step 2). */
  forms: string[];
  /**
   * What its tactics keep between its questions this melee (policies/memo.ts); the rules never
   * read it.
   */
  tacticMemo: object | null;
}

export interface Pairing {
  readonly state: KarnState;
  readonly acts: Act[];
  winners: Act[];
  defenders: Act[];
}

export function foesOf(act: Act): Act[] {
  return act.pairing.acts.filter((a) => a.f.side !== act.f.side);
}

/**
 * The winners a defender may counterattack (Fleeing Combat): with the counterstrike skill, any
 * winner still fighting but one fleeing that it did not notice (its ALT check failed or was not
 * made: the fleer is gone before it can react); without the skill, only the fleers it noticed.
 */
export function counterTargets(d: Act): Act[] {
  const from = d.f.counterstrike
    ? d.pairing.winners.filter((w) => !w.fleeing || d.noticed.includes(w))
    : d.noticed;
  return from.filter((w) => w.f.status === "fighting");
}

export function newAct(f: Fighter, pairing: Pairing): Act {
  return {
    f,
    pairing,
    winner: false,
    initiative: 0,
    parts: [],
    incoming: [],
    used: 0,
    dodge: null,
    fleeing: false,
    followed: false,
    noticed: [],
    counters: [],
    penalty: 0,
    dodgeAttackers: 0,
    stopped: false,
    firstOnly: false,
    hurt: false,
    strikes: 0,
    forms: [],
    tacticMemo: null,
  };
}

/** Quarter actions a combatant has in a melee. */
export function unitsOf(f: Fighter): number {
  return f.actions * 4;
}

/** Saved quarter actions left to defend with. */
export function savedLeft(act: Act): number {
  let n = 0;
  for (const p of act.parts) if (p.kind === "save") n += p.capacity;
  return n;
}
