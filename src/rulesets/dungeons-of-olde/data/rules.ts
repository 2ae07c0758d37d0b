// The ruleset's rule tables: the CR ladder (Challenges), the critical outcomes by margin (Critical
// Outcomes in Combat), the action-point costs (Turns and Phases, Movement and Actions), and the
// numbers Fray has to choose where neither the chapter nor the core rules give one.
import type { Provenance } from "../../../engine/ruleset.js";
import { byDefault, chapter, cited } from "../../../engine/provenance.js";
import { COMBAT_REFERENCE, CORE_RULES, INJURY_REFERENCE } from "./provenance.js";

/** Challenges: the CR ladder, three points a rank. */
export const CR_LADDER = [
  { name: "Trivial", cr: 3 },
  { name: "Easy", cr: 6 },
  { name: "Moderate", cr: 9 },
  { name: "Hard", cr: 12 },
  { name: "Heroic", cr: 15 },
  { name: "Superhuman", cr: 18 },
  { name: "Godly", cr: 21 },
] as const;
export const CR_PROVENANCE = cited(`${CORE_RULES}: the CR ladder`);

/** Line of Sight: the Attack Check's adjustment (as a positive penalty) by the defender's cover. */
export const COVER = { clear: 0, partial: 3, minimal: 6 } as const;

/** Critical Outcomes in Combat, as the chapter's table gives them (switch criticalMiss: the text). */
export interface OutcomeRow {
  readonly tier: string;
  readonly margin: string;
  readonly cp: number;
  readonly chooser: "attacker" | "gamemaster" | "";
  readonly options: readonly string[];
}

export const OUTCOME_ROWS: readonly OutcomeRow[] = [
  {
    tier: "legendary hit",
    margin: "+6 or more",
    cp: 2,
    chooser: "attacker",
    options: [
      "maximum damage and bypass armour",
      "lasting blindness",
      "lasting lameness",
      "the defender's weapon is broken",
      "the defender is instantly slain (with the gamemaster's consent)",
    ],
  },
  {
    tier: "critical hit",
    margin: "+3 to +5",
    cp: 1,
    chooser: "attacker",
    options: [
      "maximum damage (Brawn weapons)",
      "bypass armour (Finesse weapons)",
      "temporary blindness",
      "the defender is tripped prone",
      "the defender is disarmed",
    ],
  },
  { tier: "hit", margin: "0 to +2", cp: 0, chooser: "", options: [] },
  { tier: "miss", margin: "-1 to -3", cp: 0, chooser: "", options: [] },
  {
    tier: "critical miss",
    margin: "-4 to -6",
    cp: 1,
    chooser: "gamemaster",
    options: ["the attacker drops the weapon", "the attacker trips"],
  },
  {
    tier: "disastrous miss",
    margin: "-7 or less",
    cp: 2,
    chooser: "gamemaster",
    options: ["the attacker's weapon breaks", "the defender deals weapon damage to the attacker"],
  },
];
export const OUTCOME_PROVENANCE = chapter(
  "Critical Outcomes in Combat: the Critical Combat Outcomes table (RULES-NOTES.md 004)",
);

/** Action-point costs (Combat Reference; Crossbows for the reset). "only": nothing else that round. */
export interface CostRow {
  readonly key: string;
  readonly what: string;
  readonly ap: number | string;
  readonly only: boolean;
  readonly provenance: Provenance;
}

const costs = cited(`${COMBAT_REFERENCE}: Core Actions and Core Movement tables`);

export const AP = {
  attack: 2,
  block: 2,
  blockBonus: 2,
  cast: 2,
  useItem: 3,
  firstAid: 3,
  recover: 3,
  drop: 1,
  rise: 2,
  flop: 0,
  /** Step: 1 AP a space, at most 3 spaces a round. */
  stepMax: 3,
  resetByHand: 1,
  resetByCrank: 3,
  ready: 1,
} as const;

export const COST_ROWS: readonly CostRow[] = [
  {
    key: "attack",
    what: "Attack (melee or ranged)",
    ap: AP.attack,
    only: false,
    provenance: costs,
  },
  {
    key: "block",
    what: "Shield Block: +2 Defense against melee attacks until the reset phase; needs a shield and the Shield skill",
    ap: AP.block,
    only: false,
    provenance: costs,
  },
  { key: "cast", what: "Cast a spell", ap: AP.cast, only: false, provenance: costs },
  { key: "use-item", what: "Use an item or device", ap: AP.useItem, only: true, provenance: costs },
  {
    key: "first-aid",
    what: "Administer first aid",
    ap: AP.firstAid,
    only: true,
    provenance: costs,
  },
  {
    key: "recover",
    what: "Recover: rest and regain 2 Mana or Faith Points (casters)",
    ap: AP.recover,
    only: true,
    provenance: costs,
  },
  {
    key: "flop",
    what: "Flop prone (after any movement; switch flop)",
    ap: AP.flop,
    only: false,
    provenance: costs,
  },
  {
    key: "step",
    what: "Step: 1 AP a space, up to 3 spaces a round",
    ap: "1 a space",
    only: false,
    provenance: costs,
  },
  {
    key: "drop",
    what: "Drop to sitting, kneeling or prone (may be followed by an action)",
    ap: AP.drop,
    only: false,
    provenance: costs,
  },
  {
    key: "rise",
    what: "Rise from sitting, kneeling or prone (switch riseThenAction: an action may follow)",
    ap: AP.rise,
    only: true,
    provenance: costs,
  },
  {
    key: "reset-by-hand",
    what: "Reset crossbow, meeting its second Brawn Minimum",
    ap: AP.resetByHand,
    only: false,
    provenance: chapter("Crossbows"),
  },
  {
    key: "reset-by-crank",
    what: "Reset crossbow with a crank (the first Brawn Minimum only)",
    ap: AP.resetByCrank,
    only: false,
    provenance: chapter("Crossbows"),
  },
  {
    key: "ready",
    what: "Ready a weapon: draw one carried, or pick one up from the ground (its own space, or one its steps reach first)",
    ap: AP.ready,
    only: false,
    provenance: byDefault(
      "neither the chapter nor the core action tables price drawing or picking up a weapon; the cheapest action cost, so that a disarmed fighter can fight on",
    ),
  },
];

/** Numbers Fray chooses where the sources give none; each is shown by `fray rules` with its reason. */
export const DEFAULTS = {
  /** Free steps a turn (Combat Reference: medium characters 2 spaces, small ones 1). */
  freeSteps: 2,
  /** Spaces between the sides when an encounter file gives no positions. */
  startDistance: 3,
  /** A withdrawing combatant leaves the fight at the end of a turn this far from every foe. */
  escapeDistance: 8,
  /** CR of the Savvy Check to cast a spell when the GM does not set one (Moderate). */
  castCr: 9,
  /** First aid (Injury and Healing Reference): CR 9 for an incapacitated or bloodied patient. */
  firstAidCr: 9,
  /** Bind wounds restores 2 HP to an incapacitated or bloodied patient, 1 to a bruised one. */
  bindWounds: 2,
  /** Penalty to a Healing check without the Healing skill. */
  untrainedHealing: -2,
  /** Weapon-skill penalty (Melee Weapons, Ranged Combat). */
  unskilled: -2,
  /** Rounds of one action phase before Fray ends it anyway (a guard; never reached in play). */
  maxActionRounds: 40,
} as const;

export const DEFAULT_ROWS: readonly {
  key: string;
  value: number | string;
  provenance: Provenance;
}[] = [
  {
    key: "free steps a turn",
    value: DEFAULTS.freeSteps,
    provenance: cited(
      `${COMBAT_REFERENCE}: medium characters 2 spaces, small ones 1, taken once a turn (combatant field freeSteps)`,
    ),
  },
  {
    key: "spaces between the sides at the start",
    value: DEFAULTS.startDistance,
    provenance: byDefault(
      "the chapter has no set-up distance; close enough to meet in the first turn",
    ),
  },
  {
    key: "spaces from every foe to escape",
    value: DEFAULTS.escapeDistance,
    provenance: byDefault(
      "the chapter has no rule for leaving a fight; a withdrawing combatant this far from every foe at the end of a turn is out of it",
    ),
  },
  {
    key: "hit points",
    value: "Brawn + Nerve / 2, rounded down",
    provenance: cited(`${CORE_RULES}: HP = Brawn + Nerve / 2; the rounding is Fray's (down)`),
  },
  {
    key: "weapon-skill penalty",
    value: DEFAULTS.unskilled,
    provenance: chapter("Melee Weapons, Ranged Combat: -2 without the weapon's skill"),
  },
  {
    key: "CR to cast a spell",
    value: DEFAULTS.castCr,
    provenance: byDefault(
      "spells are not in the chapter; the GM sets the CR (gm:cast-cr), Moderate by default",
    ),
  },
  {
    key: "first aid CR (stabilize or bind wounds, incapacitated patient)",
    value: DEFAULTS.firstAidCr,
    provenance: cited(`${INJURY_REFERENCE}: First Aid Tasks`),
  },
  {
    key: "HP restored by binding wounds (incapacitated or bloodied patient)",
    value: DEFAULTS.bindWounds,
    provenance: cited(`${INJURY_REFERENCE}: First Aid Tasks`),
  },
  {
    key: "Healing check",
    value: "Savvy, -2 without the Healing skill",
    provenance: byDefault(
      `${INJURY_REFERENCE} names a Healing Check and a -2 penalty untrained but not its stat: Savvy`,
    ),
  },
  {
    key: "stunned",
    value: "no actions and Defense CR 6 until the next reset phase",
    provenance: byDefault(
      `${CORE_RULES}: attacks on a stunned character need only CR 6; Fray also lets it act no more until the reset phase removes it (a temporary condition)`,
    ),
  },
  {
    key: "blinded",
    value: "Attack and Defense Checks with disadvantage",
    provenance: byDefault(
      "the critical options name blindness without its effect; a blind fighter sees neither blow nor target (Line of Sight)",
    ),
  },
  {
    key: "prone",
    value:
      "Attack Checks with disadvantage, Defense Checks against melee with disadvantage, no steps until it rises",
    provenance: byDefault(
      "the critical options name tripping without its effect; rising costs 2 AP (Combat Reference)",
    ),
  },
  {
    key: "lame",
    value: "no free steps, at most 1 step a round",
    provenance: byDefault("the legendary option names lasting lameness without its effect"),
  },
  {
    key: "motionless defender (Range 1 without the -3)",
    value: "stunned or incapacitated",
    provenance: byDefault("Ranged Combat does not define motionless"),
  },
  {
    key: "order within a round",
    value: "most AP first; ties: higher Finesse, then the encounter file's order",
    provenance: cited(
      `${COMBAT_REFERENCE}: descending order of current action points; the tie-break is Fray's`,
    ),
  },
  {
    key: "a spell's gestures",
    value: "every spell cast in a fight needs them: the shield's Spellcasting Adjustment applies",
    provenance: byDefault(
      "Shields: the adjustment is for spells that need gestures; spells are not in the chapter, and a spell cast in combat is taken to need them",
    ),
  },
  {
    key: "a crossbow when the fight begins",
    value: "reset and loaded",
    provenance: byDefault(
      "Crossbows prices resetting a crossbow, not the state a fight finds it in; it is carried ready to shoot",
    ),
  },
  {
    key: "Reset crossbow below its first Brawn Minimum",
    value: "3 AP (a crank); its shots take -1 to attack and damage a point short",
    provenance: byDefault(
      "Crossbows prices the reset for one who meets the first minimum; one below it can still turn the crank, and takes the Brawn Minimum penalty of Ranged Combat",
    ),
  },
  {
    key: "the outcome of a critical or legendary hit",
    value:
      "on top of the hit's damage (a trip, blindness or a disarm also deals the weapon's damage)",
    provenance: byDefault(
      "Critical Outcomes in Combat calls them hits, and step 4 of an attack resolves the damage of a hit; the damage options only change that damage",
    ),
  },
  {
    key: "weapon damage to the attacker on a disastrous miss",
    value: "the defender's weapon in hand (its bare hands if none), rolled, less the attacker's DR",
    provenance: byDefault(
      "the Critical Combat Outcomes table names the defender's weapon damage; it is dealt like a hit's",
    ),
  },
];
