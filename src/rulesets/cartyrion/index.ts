// The `cartyrion` ruleset: the combat chapter of Laurels and Loot (World of Cartyrion, Robert
// O'Brien, derived from Knave 2.0). No roll to hit; exploding damage dice by level; stamina then
// injuries; side initiative on a d6 with surprise and ambush. See docs/rulesets/cartyrion.md.
import type { Ruleset } from "../../engine/ruleset.js";
import { COVERAGE, FRAY_DEFAULTS } from "./coverage.js";
import { exchange } from "./exchange.js";
import { outcome, standing } from "./outcome.js";
import { playRound } from "./procedures/round.js";
import { forgetSpent } from "./procedures/spent.js";
import { combatantStatsSchema, encounterOptionsSchema } from "./schema.js";
import { SECTION_LIST } from "./sections.js";
import { copyState, setup } from "./setup.js";
import type { CartyrionState } from "./state.js";
import { OLDER_VERSIONS, SWITCH_DEFS } from "./switches.js";
import { TACTICS } from "./tactics.js";
import { TABLES } from "./tables.js";
import { gm } from "./gm-changes.js";
import { order, view } from "./views.js";

export const cartyrion: Ruleset<CartyrionState> = {
  id: "cartyrion",
  version: "1.1.0",
  title: "Laurels and Loot: Combat (World of Cartyrion)",
  game: "Laurels and Loot (Cartyrion)",
  source:
    "Laurels and Loot, for the World of Cartyrion, by Robert O'Brien (derived from Knave 2.0)",
  sections: SECTION_LIST,
  switches: SWITCH_DEFS,
  olderVersions: OLDER_VERSIONS,
  tables: TABLES,
  coverage: COVERAGE,
  frayDefaults: FRAY_DEFAULTS,
  combatantSchema: combatantStatsSchema,
  encounterOptionsSchema,
  setup,
  copy: copyState,
  forget: forgetSpent,
  round: playRound,
  outcome,
  standing,
  // standing's health: stamina plus free injury slots (outcome.ts).
  healthUnit: "SP + injury slots",
  view,
  order,
  gm,
  exchange,
  tactics: TACTICS,
};
