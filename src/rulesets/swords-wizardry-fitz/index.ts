// The `swords-wizardry-fitz` ruleset: the combat chapter of a house-ruled Swords & Wizardry
// (one-minute rounds, d20 against ascending AC, the Base Combat Bonus split between attack and
// AC, an initiative die by DEX counted down from 10, a surprise die ladder, Mighty Blows).
// See docs/rulesets/swords-wizardry-fitz.md.
import type { Ruleset } from "../../engine/ruleset.js";
import { COVERAGE, FRAY_DEFAULTS } from "./coverage.js";
import { exchange } from "./exchange.js";
import { outcome, standing } from "./outcome.js";
import { playRound } from "./procedures/round.js";
import { forgetSpent } from "./procedures/spent.js";
import { combatantStatsSchema, encounterOptionsSchema } from "./schema.js";
import { SECTION_LIST } from "./sections.js";
import { copyState, setup } from "./setup.js";
import type { SwState } from "./state.js";
import { SWITCH_DEFS } from "./switches.js";
import { TABLES } from "./tables.js";
import { TACTICS } from "./tactics.js";
import { gm } from "./gm-changes.js";
import { order, view } from "./views.js";

export const swordsWizardryFitz: Ruleset<SwState> = {
  id: "swords-wizardry-fitz",
  version: "1.1.0",
  // 1.1.0 named its rolls without repeating their dice (2026-11-27); the rules are unchanged.
  title: "Swords & Wizardry, house-ruled: Combat",
  game: "Swords & Wizardry (house rules)",
  source:
    "A house-ruled Swords & Wizardry combat chapter (one-minute rounds, Fighter-Mage), after Swords & Wizardry by Matthew J. Finch (Mythmere Games)",
  sections: SECTION_LIST,
  switches: SWITCH_DEFS,
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
  // standing's health: hit points (outcome.ts).
  healthUnit: "HP",
  view,
  order,
  gm,
  exchange,
  tactics: TACTICS,
};
