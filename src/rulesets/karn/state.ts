// The state of a karn fight: plain JSON (the engine clones and stores it). Fighters keep their
// resolved stats and gear, so procedures read numbers, not tables. What lasts only one melee
// (declared actions, defences, pairings) lives in the melee procedure, and in `plan` only at the
// points where exact odds resume a melee (procedures/melee-plan.ts).
import type { FumbleColumn } from "./data/charts.js";
import type { MeleePlan } from "./procedures/melee-plan.js";
import type { KarnSwitches } from "./switches.js";

export interface FighterAttack {
  readonly key: string;
  readonly name: string;
  /** Damage dice notation, without the damage bonus. */
  readonly damage: string;
  /** Index of the damage type armour and the critical chart use (data/damage-types.ts). */
  readonly type: number;
  /** A hand to hand attack of pierce damage only (Pierce (P): +3 to defences, 25% critical). */
  readonly pierceOnly: boolean;
  /** Pierce damage only, from a single source (bows too): the 25% critical chance. */
  readonly singlePierce: boolean;
  readonly kind: FumbleColumn;
  readonly strike: number;
  readonly ranged: boolean;
  readonly dodgePenalty: number;
  readonly weapon: boolean;
  readonly parry: boolean;
  readonly untrainedPenalty: number;
  readonly needsTraining: boolean;
  /** False when the character has no training in it (the GM sets the penalty). */
  readonly trained: boolean;
  readonly weaponHp: number | null;
}

export interface FighterArmour {
  readonly name: string;
  readonly cov: number;
  readonly hp: number;
  /** Protection per damage type index. */
  readonly protection: readonly number[];
  /** Damage rating (the most the armour takes from one attack) per damage type index. */
  readonly rating: readonly number[];
  readonly areas: Readonly<Record<string, number>>;
  readonly protectsNeck: boolean;
}

/** Weapon states, per attack. */
export const HELD = 0;
export const DROPPED = 1;
export const FLUNG = 2;
export const BROKEN = 3;

export type Status = "fighting" | "down" | "unconscious" | "fled";

export interface Fighter {
  readonly id: string;
  readonly index: number;
  readonly name: string;
  readonly side: string;
  /** The fighter's static numbers as one string: the key of the policies' caches. */
  readonly profile: string;
  readonly actions: number;
  readonly initiative: number;
  readonly alt: number;
  readonly end: number;
  readonly res: number;
  readonly maxHp: number;
  readonly maxSp: number;
  readonly strike: number;
  readonly damageBonus: number;
  readonly block: number | null;
  readonly parry: number | null;
  readonly dodge: number | null;
  readonly counterstrike: boolean;
  readonly shield: boolean;
  /** Trained with its shield (No Weapon Training: an untrained shield parry is at about -2). */
  readonly shieldTrained: boolean;
  /** Offered called shots (Making A Called Shot) on each strike. */
  readonly calledShots: boolean;
  readonly attacks: readonly FighterAttack[];
  readonly armour: FighterArmour | null;
  /** Natural armour per damage type index. */
  readonly natural: readonly number[];
  readonly skills: Readonly<Record<string, number>>;

  hp: number;
  sp: number;
  armourHp: number;
  /** A magical protective field's hit points (6. Roll and apply damage: it takes damage first). */
  field: number;
  status: Status;
  /** Per attack: HELD, DROPPED, FLUNG or BROKEN. */
  held: number[];
  weaponDamage: number[];
  /** Per attack, then the shield: the GM's untrained penalty once asked, else -1. */
  untrainedPenalty: number[];
  /** Combat Skill Points earned by natural 20s. */
  csp: number;
  /** Last melee of each condition (0: none). */
  woozyUntil: number;
  stunUntil: number;
  turnedUntil: number;
  /** The melee it blacked out in (no actions or defences for the rest of it). */
  blackedOut: number;
  /** Knocked out: the melee of its next RES check to wake (0: not knocked out). */
  wakeAt: number;
  /** Pending -1s on its next actions (Bad Miss). */
  badMiss: number;
  /** -1s to all combat rolls for the rest of the fight (Overexerted Self, Deep Tissue Damage). */
  lasting: number;
  /** Penalties (%) to physical skills for the rest of the fight. */
  skillPenalty: number;
  /** A penalty to combat rolls the GM ruled for an injury. */
  injury: number;
  /** Hit points of damage dealt to foes (exchange results). */
  dealt: number;
  /** Best result of its own strikes this melee (STRIKE_RESULTS index), -1 for none. */
  best: number;
  /** Out of the fight when the melee ends: an injury the GM ruled disabling. */
  disabled: boolean;
  /** The opponent it faces (index into fighters), or -1. */
  facing: number;
  /** Taken out of the fight by the GM's hand (gm-changes.ts): fled, and out of the views. */
  removed: boolean;
}

/** Results of a strike, worst to best (the exchange's categories after "no strike"). */
export const STRIKE_RESULTS = [
  "fumble",
  "miss",
  "defended",
  "absorbed",
  "hit",
  "critical",
] as const;
export const RESULT_FUMBLE = 0;
export const RESULT_MISS = 1;
export const RESULT_DEFENDED = 2;
export const RESULT_ABSORBED = 3;
export const RESULT_HIT = 4;
export const RESULT_CRITICAL = 5;

export interface ExchangeSetup {
  /** Who wins the initiative of the exchange's melee. */
  readonly initiative: "attacker" | "defender" | "roll";
}

export interface KarnState {
  /** Melees played. */
  melee: number;
  fighters: Fighter[];
  readonly switches: KarnSwitches;
  readonly exchange: ExchangeSetup | null;
  /**
   * The melee in play, written only where exact odds stop a run inside it (`ctx.checkpoint()`),
   * else null: a melee played on a state with a plan goes on from it.
   */
  plan: MeleePlan | null;
}

export function fighting(f: Fighter): boolean {
  return f.status === "fighting";
}

/** Can act in this melee: fighting and not blacked out in it. */
export function canAct(state: KarnState, f: Fighter): boolean {
  return f.status === "fighting" && f.blackedOut !== state.melee;
}
