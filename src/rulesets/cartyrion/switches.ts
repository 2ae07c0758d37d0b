// Switches: one per ambiguity of the chapter (RULES-NOTES.md, 001, and the readings noted in
// docs/rulesets/cartyrion.md), each with its documented default and where that default comes from.
import { z } from "zod";
import type { OlderVersion, SwitchDef } from "../../engine/ruleset.js";
import { switchDefiner, switchReader } from "../../engine/ruleset-switches.js";
import { byDefault, chapter } from "../../engine/provenance.js";

export interface Switches {
  /** How Direct Damage fills injury slots: one slot per point, or one slot per damaging blow. */
  readonly injurySlots: "point" | "blow";
  /** What happens when the last injury slot fills: death, or taken out of the fight alive. */
  readonly slotsFull: "dead" | "down";
  /** A shield's armour points count against every blow, not only while parrying. */
  readonly shieldArmour: boolean;
  /** A ranged attacker with no stamina left pays the cost as Direct Damage, or not at all. */
  readonly exhaustedRangedCost: "injury" | "ignore";
  /** A parrying combatant may still move on its turn. */
  readonly parryMovement: boolean;
  /** A Power Attack with a natural weapon (bare hands, claws), which it leaves unusable. */
  readonly naturalPowerAttack: boolean;
  /**
   * How long the GM's ruling on a surprised combatant's DEX holds: the round, or one blow (as
   * Fray's cartyrion 1.0.0 asked it; OLDER_VERSIONS replays its logs so).
   */
  readonly surprisedDexRuling: "round" | "blow";
}

export const DEFAULT_SWITCHES: Switches = {
  injurySlots: "point",
  slotsFull: "dead",
  shieldArmour: true,
  exhaustedRangedCost: "injury",
  parryMovement: false,
  naturalPowerAttack: false,
  surprisedDexRuling: "round",
};

const def = switchDefiner(DEFAULT_SWITCHES);

export const SWITCH_DEFS: readonly SwitchDef[] = [
  def(
    "injurySlots",
    'How Direct Damage fills injury slots: "point" (one slot per point of Direct Damage) or "blow" (one slot per blow that deals any).',
    z.enum(["point", "blow"], { error: 'injurySlots is "point" or "blow"' }),
    chapter(
      "Sneak Attacks example: the half-orc's 12 points of Direct Damage are counted against its 15 injury slots",
    ),
  ),
  def(
    "slotsFull",
    'When every injury slot is filled: "dead" or "down" (out of the fight, alive, at the GM\'s disposal).',
    z.enum(["dead", "down"], { error: 'slotsFull is "dead" or "down"' }),
    byDefault(
      "the chapter only implies it: the half-orc with slots left is not yet dead; death when they run out is our reading",
    ),
  ),
  def(
    "shieldArmour",
    "A shield's armour points count against every blow (true), or a shield only matters while parrying (false).",
    z.boolean({ error: "shieldArmour is true or false" }),
    byDefault(
      "Range Combat counts shields along with armour against ranged damage; the damage formula names only Armor Points",
    ),
  ),
  def(
    "exhaustedRangedCost",
    'A ranged attacker at 0 SP pays the stamina cost as Direct Damage ("injury") or not at all ("ignore").',
    z.enum(["injury", "ignore"], { error: 'exhaustedRangedCost is "injury" or "ignore"' }),
    byDefault("the chapter does not say; stamina then injuries is how every other drain works"),
  ),
  def(
    "parryMovement",
    "A combatant who parries may still move on its turn (true), or devotes the whole turn to parrying (false).",
    z.boolean({ error: "parryMovement is true or false" }),
    byDefault("Parrying: the parrier gives its whole combat turn to it"),
  ),
  def(
    "naturalPowerAttack",
    "A Power Attack may be made with a natural weapon (bare hands, claws), leaving it unusable (true), or only with a weapon that can break (false).",
    z.boolean({ error: "naturalPowerAttack is true or false" }),
    byDefault(
      "Power Attacks break the weapon and say nothing of hands or claws; with a weapon kept in hand, breaking the fists would make a doubled blow nearly free",
    ),
  ),
  def(
    "surprisedDexRuling",
    'How long the GM\'s ruling on whether a surprised combatant\'s DEX bonus still counts holds: "round" (asked at the first blow on a surprised combatant, kept for the round) or "blow" (asked at every blow on one, as Fray\'s cartyrion 1.0.0 asked).',
    z.enum(["round", "blow"], { error: 'surprisedDexRuling is "round" or "blow"' }),
    byDefault(
      "Surprise makes surprise last the first Combat Round, and Resolving Combat leaves the DEX of the helpless to the table: the ruling is one of surprise, and holds as long",
    ),
  ),
];

/**
 * The switches that replay a fight written by an older version of cartyrion as it was played
 * (Ruleset.olderVersions): 1.1.0 asks the DEX ruling on the surprised once a round, 1.0.0 asked
 * it at every blow. A rules change that gives old answers another meaning adds its switch to
 * every entry here and an entry for the version before it.
 */
export const OLDER_VERSIONS: Readonly<Record<string, OlderVersion>> = {
  "1.0.0": {
    switches: { surprisedDexRuling: "blow" },
    reading: "the DEX ruling at every blow",
  },
};

/** The resolved switches of an encounter, as plain typed values. */
export const readSwitches = switchReader(DEFAULT_SWITCHES, SWITCH_DEFS);
