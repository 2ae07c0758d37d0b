// The `karn` ruleset: The Land of Karn FRPG, Basic Version, "Combat Rules", as Fray's Ruleset
// contract.
import type { Ruleset } from "../../engine/ruleset.js";
import { COVERAGE, FRAY_DEFAULTS } from "./coverage.js";
import { exchange } from "./exchange.js";
import { outcome, standing } from "./outcome.js";
import { playMelee } from "./procedures/melee.js";
import { forgetSpent } from "./procedures/spent.js";
import { combatantStatsSchema, encounterOptionsSchema } from "./schema.js";
import { SECTION_LIST } from "./sections.js";
import { copyState, setup } from "./setup.js";
import type { KarnState } from "./state.js";
import { SWITCH_DEFS } from "./switches.js";
import { TABLES } from "./tables.js";
import { gm } from "./gm-changes.js";
import { order, view } from "./views.js";
import { TACTICS } from "./tactics.js";

export const karn: Ruleset<KarnState> = {
  id: "karn",
  version: "1.1.0",
  // 1.1.0 named its rolls without repeating their dice (2026-11-27); the rules are unchanged.
  title: "The Land of Karn (split actions, strike against defence, armour coverage)",
  game: "Land of Karn",
  source: 'The Land of Karn FRPG, Basic Version, "Combat Rules"',
  sections: SECTION_LIST,
  switches: SWITCH_DEFS,
  tables: TABLES,
  coverage: COVERAGE,
  frayDefaults: FRAY_DEFAULTS,
  combatantSchema: combatantStatsSchema,
  encounterOptionsSchema,
  setup,
  round: playMelee,
  returnsAtCheckpoints: true,
  copy: copyState,
  forget: forgetSpent,
  outcome,
  standing,
  // standing's health: hit points (outcome.ts).
  healthUnit: "HP",
  view,
  order,
  gm,
  exchange,
  tactics: TACTICS,
};
