// Numbers the chapter relies on but does not give, and the few it does give, in one place.
import type { Provenance } from "../../../engine/ruleset.js";
import { byDefault, chapter } from "../../../engine/provenance.js";

export const DEFAULTS = {
  /** Feet a combatant moves in a turn when its sheet gives no Move. */
  move: 40,
  /** Injury slots when a combatant's sheet gives none. */
  injurySlots: 10,
  /** Feet between two combatants "standing more or less toe-to-toe". */
  meleeDistance: 5,
  /** Ranged attacks need the target at least this far away. */
  rangedMinimum: 10,
  /** Feet between the two sides when an encounter file gives no distance. */
  startingDistance: 30,
  /** Feet a Leap adds to the turn's movement, unless the GM says otherwise. */
  leapExtra: 10,
} as const;

export const DEFAULT_ROWS: readonly { key: string; value: number; provenance: Provenance }[] = [
  {
    key: "move",
    value: DEFAULTS.move,
    provenance: byDefault(
      "Move comes from the character sheet; 40 ft is used when a sheet gives none",
    ),
  },
  {
    key: "injurySlots",
    value: DEFAULTS.injurySlots,
    provenance: byDefault(
      "injury slots come from the character sheet; 10 is used when a sheet gives none",
    ),
  },
  {
    key: "meleeDistance",
    value: DEFAULTS.meleeDistance,
    provenance: byDefault("melee needs the foes adjacent; adjacent is taken as 5 ft"),
  },
  {
    key: "rangedMinimum",
    value: DEFAULTS.rangedMinimum,
    provenance: chapter("Range Combat: the target must be at least 10 ft (3 m) away"),
  },
  {
    key: "startingDistance",
    value: DEFAULTS.startingDistance,
    provenance: byDefault("the distance between the sides when an encounter gives none"),
  },
  {
    key: "leapExtra",
    value: DEFAULTS.leapExtra,
    provenance: byDefault("the GM's default answer for how far a Leap carries beyond Move"),
  },
];
