// The `karn` ruleset: The Land of Karn FRPG, Basic Version, "Combat Rules", as Fray's Ruleset
// contract.
import type { Ruleset } from "../../engine/ruleset.js";
import { coverage, frayDefaults } from "./coverage.js";
import { exchange } from "./exchange.js";
import { playMelee } from "./melee.js";
import { outcome, standing } from "./outcome.js";
import { sections } from "./sections.js";
import { encounterOptionsSchema, setup } from "./setup.js";
import type { KarnState } from "./state.js";
import { combatantSchema } from "./stats.js";
import { switches } from "./switches.js";
import { tables } from "./tables.js";
import { view } from "./view.js";

export const karn: Ruleset<KarnState> = {
  id: "karn",
  version: "1.0.0",
  title: "The Land of Karn (split actions, strike against defence, armour coverage)",
  source: 'The Land of Karn FRPG, Basic Version, "Combat Rules"',
  sections,
  switches,
  tables,
  coverage,
  frayDefaults,
  combatantSchema,
  encounterOptionsSchema,
  setup,
  round: playMelee,
  outcome,
  standing,
  view,
  exchange,
};
