// Switches: one per ambiguity of the chapter (RULES-NOTES.md, 001, and the readings noted in
// docs/rulesets/cartyrion.md), each with its documented default and where that default comes from.
import { z } from "zod";
import type { SwitchDef } from "../../engine/ruleset.js";
import { switchDefiner, switchReader } from "../../engine/ruleset-switches.js";
import { byDefault, chapter } from "../../engine/provenance.js";

export interface Switches {
  /** How Direct Damage fills injury slots: one slot per point, or one slot per damaging blow. */
  readonly injurySlots: "point" | "blow";
  /** What happens when the last injury slot fills: death, or taken out of the fight alive. */
  readonly slotsFull: "dead" | "down";
  /** Bonus added with a finesse weapon: DEX, or the better of STR and DEX. */
  readonly finesseBonus: "dex" | "better";
  /** A shield's armour points count against every blow, not only while parrying. */
  readonly shieldArmour: boolean;
  /** A ranged attacker with no stamina left pays the cost as Direct Damage, or not at all. */
  readonly exhaustedRangedCost: "injury" | "ignore";
  /** Which sneak attacks need the target within half the attacker's Move. */
  readonly sneakApproach: "melee" | "all";
  /** A parrying combatant may still move on its turn. */
  readonly parryMovement: boolean;
  /** Who is "already engaged" for a sneak attack: the attacker's attacks, or attacks either way. */
  readonly sneakEngagement: "attacker" | "mutual";
}

export const DEFAULT_SWITCHES: Switches = {
  injurySlots: "point",
  slotsFull: "dead",
  finesseBonus: "dex",
  shieldArmour: true,
  exhaustedRangedCost: "injury",
  sneakApproach: "melee",
  parryMovement: false,
  sneakEngagement: "attacker",
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
    "finesseBonus",
    'Bonus with a finesse weapon: "dex" (DEX instead of STR) or "better" (the better of STR and DEX).',
    z.enum(["dex", "better"], { error: 'finesseBonus is "dex" or "better"' }),
    byDefault(
      "Melee and Reach Combat lets DEX replace STR for precise weapons; Sneak Attacks names DEX for finesse weapons",
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
    "sneakApproach",
    'Which sneak attacks need the target within half the attacker\'s Move before it leaves concealment: "melee" (melee and reach) or "all".',
    z.enum(["melee", "all"], { error: 'sneakApproach is "melee" or "all"' }),
    byDefault(
      "the half-Move condition is about closing in from concealment; a shot from concealment does not close in",
    ),
  ),
  def(
    "parryMovement",
    "A combatant who parries may still move on its turn (true), or devotes the whole turn to parrying (false).",
    z.boolean({ error: "parryMovement is true or false" }),
    byDefault("Parrying: the parrier gives its whole combat turn to it"),
  ),
  def(
    "sneakEngagement",
    'When the attacker is "already engaged in combat with the target", so that it cannot sneak attack it: "attacker" (it attacked the target in the prior round) or "mutual" (also when the target attacked it in the prior round or earlier this round).',
    z.enum(["attacker", "mutual"], { error: 'sneakEngagement is "attacker" or "mutual"' }),
    chapter(
      "Sneak Attacks: engaged means the attacker has already made an attack on the target in the prior combat round",
    ),
  ),
];

/** The resolved switches of an encounter, as plain typed values. */
export const readSwitches = switchReader(DEFAULT_SWITCHES, SWITCH_DEFS);
