// The `dungeons-of-olde` ruleset: the combat chapter of Dungeons of Olde (dungeonsofolde.com).
// Opposed checks on two exploding stat dice (the defence sets the CR), critical outcomes by the
// margin, reach and range doubling, armour DR, and turns of action points rolled on a Finesse die.
// See docs/rulesets/dungeons-of-olde.md.
import type { Ruleset } from "../../engine/ruleset.js";
import { COVERAGE, FRAY_DEFAULTS } from "./coverage.js";
import { exchange } from "./exchange.js";
import { outcome, standing } from "./outcome.js";
import { forgetSpent } from "./procedures/spent.js";
import { playTurn } from "./procedures/turn.js";
import { combatantStatsSchema, encounterOptionsSchema } from "./schema.js";
import { SECTION_LIST } from "./sections.js";
import { copySharingSteady, setup } from "./setup.js";
import type { DooState } from "./state.js";
import { SWITCH_DEFS } from "./switches.js";
import { TABLES } from "./tables.js";
import { gm } from "./gm-changes.js";
import { order, view } from "./views.js";
import { TACTICS } from "./tactics.js";

export const dungeonsOfOlde: Ruleset<DooState> = {
  id: "dungeons-of-olde",
  version: "1.1.0",
  // 1.1.0 named its rolls without repeating their dice (2026-11-27); the rules are unchanged.
  title: "Dungeons of Olde: Combat",
  game: "Dungeons of Olde",
  source: "Dungeons of Olde (dungeonsofolde.com), core rules: Combat",
  sections: SECTION_LIST,
  switches: SWITCH_DEFS,
  tables: TABLES,
  coverage: COVERAGE,
  frayDefaults: FRAY_DEFAULTS,
  combatantSchema: combatantStatsSchema,
  encounterOptionsSchema,
  setup,
  copy: copySharingSteady,
  forget: forgetSpent,
  round: playTurn,
  returnsAtCheckpoints: true,
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
