// The state of a cartyrion fight: plain JSON, mutated in place by `round` (the engine clones
// around each call). Combatants sit on a line measured in feet (the "simple distance model":
// no grid, distance = |a.pos - b.pos|); everything a later turn needs to know is kept here.
import type { WeaponKind } from "./data/weapons.js";
import type { Switches } from "./switches.js";
import type { StartKind } from "./schema.js";

/** Where a weapon is: in hand, ready to draw as part of an action, in the pack, dropped, broken. */
export type Carried = "hand" | "ready" | "pack" | "ground" | "broken";

export interface WeaponState {
  /** Unique within its owner: the table key, or the name, with "-2", "-3" for duplicates. */
  id: string;
  name: string;
  die: number;
  kind: WeaponKind;
  finesse: boolean;
  reach: number;
  range: number;
  reload: boolean;
  loaded: boolean;
  thrown: boolean;
  natural: boolean;
  magic: number;
  specialised: boolean;
  carried: Carried;
  count: number;
}

export interface ShieldState {
  name: string;
  points: number;
  durability: number;
  /** Damage the shield can still take before it is destroyed. */
  left: number;
}

export interface SpellState {
  id: string;
  name: string;
  die: number;
  range: number;
  bonus: number;
  direct: boolean;
  mitigated: boolean;
  uses: number;
}

/** "removed": taken out of the fight by the GM's hand (gm-changes.ts), and out of the views. */
export type Status = "fighting" | "dead" | "down" | "fled" | "removed";

export interface CombatantState {
  id: string;
  name: string;
  side: string;
  /** True for the party's side ("player characters"); false for the opponents. */
  party: boolean;
  level: number;
  /** Damage Dice Multiplier: ceil(level / 2). */
  dice: number;
  str: number;
  dex: number;
  awa: number;
  move: number;
  /** Armour points from worn and natural armour (the shield is counted separately). */
  armour: number;
  stamina: number;
  maxStamina: number;
  slots: number;
  injuries: number;
  weapons: WeaponState[];
  shield: ShieldState | null;
  spells: SpellState[];
  cannotBeSurprised: boolean;
  status: Status;
  /** Feet along the field. */
  pos: number;
  surprised: boolean;
  concealed: boolean;
  /**
   * "" when not parrying; set by the Parry action until the parrier's next turn. "both": the
   * weapon parries, and once it shatters the shield takes over.
   */
  parry: "" | "weapon" | "shield" | "both";
  parryWeapon: string;
  /** Explosions the parrying weapon has taken so far. */
  parryExplosions: number;
  /** The target of a Take Aim and what the GM said it gives ("" when not aiming). */
  aimAt: string;
  aimEffect: string;
  /** Id of the combatant holding this one in a grapple, or "". */
  heldBy: string;
  withdrawing: boolean;
  /** Foes attacked this round, and in the round before (Sneak Attacks: "already engaged"). */
  attackedNow: string[];
  attackedPrev: string[];
  /** Round and attacker of the last ranged attack that hurt this combatant. */
  rangedHitRound: number;
  rangedHitBy: string;
}

/** The fixed circumstances of a one-exchange calculation (exchange.ts); null in an encounter. */
export interface ExchangeSituation {
  mode: "normal" | "power" | "sneak";
  weapon: string;
}

/**
 * How far the current round has got (Combat Round): which side acts first, how many sides have
 * played their turns, and who has taken a turn in the side playing now. The round records it so
 * that it can be resumed between turns (exact odds merge equal states there); null between rounds.
 */
export interface RoundProgress {
  readonly partyFirst: boolean;
  sidesDone: number;
  acted: string[];
}

export interface CartyrionState {
  round: number;
  progress: RoundProgress | null;
  start: StartKind;
  reverseAmbush: boolean;
  /**
   * The GM's ruling on whether a surprised combatant's DEX bonus still counts against the blows
   * it takes (Resolving Combat leaves it to the table), asked at the first such blow and kept
   * while surprise lasts: the first Combat Round (Surprise); null until asked, and again after.
   */
  surprisedDex: boolean | null;
  cover: boolean;
  switches: Switches;
  combatants: CombatantState[];
  exchange: ExchangeSituation | null;
}
