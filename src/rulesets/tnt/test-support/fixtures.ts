// Test fixtures: fighters and states built the way an encounter file builds them.
import type { Json, JsonObject } from "../../../engine/json.js";
import type { CombatantSpec } from "../../../engine/ruleset.js";
import { makeState } from "../setup.js";
import type { Range, TntState } from "../state.js";
import { DEFAULT_SWITCHES } from "../switches.js";

export function spec(id: string, side: string, stats: JsonObject): CombatantSpec {
  return { id, name: id[0]!.toUpperCase() + id.slice(1), side, stats };
}

export const PLAIN: JsonObject = {
  combatDice: 3,
  attackSkill: 3,
  defenceSkill: 2,
  damageBonus: 1,
  hitPoints: 20,
  weapon: "longsword",
  armour: "mail",
};

/** Two fighters already at `range` (initiative rolled), with optional switches. */
export function duel(
  a: JsonObject = PLAIN,
  b: JsonObject = PLAIN,
  range: Range = "onset",
  switches: Record<string, Json> = {},
): TntState {
  return makeState(
    [spec("ann", "left", a), spec("bob", "right", b)],
    { ...(DEFAULT_SWITCHES as unknown as JsonObject), ...switches },
    range,
    true,
  );
}

/** Several fighters on two sides, all at `range`. */
export function melee(
  left: readonly [string, JsonObject][],
  right: readonly [string, JsonObject][],
  range: Range = "onset",
  switches: Record<string, Json> = {},
): TntState {
  return makeState(
    [
      ...left.map(([id, s]) => spec(id, "left", s)),
      ...right.map(([id, s]) => spec(id, "right", s)),
    ],
    { ...(DEFAULT_SWITCHES as unknown as JsonObject), ...switches },
    range,
    true,
  );
}
