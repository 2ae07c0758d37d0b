// The `tnt` ruleset: TNT's combat chapter ("12 Combat", a simplification of Codex Martialis) as
// Fray's Ruleset contract.
import type { Ruleset, Standing } from "../../engine/ruleset.js";
import { TACTICS } from "./tactics.js";
import { COVERAGE, FRAY_DEFAULTS } from "./coverage.js";
import { exchange } from "./exchange.js";
import { outcome } from "./outcome.js";
import { playRound } from "./procedures/round.js";
import { forgetSpent } from "./procedures/spent.js";
import { combatantStatsSchema, encounterOptionsSchema } from "./schema.js";
import { SECTION_LIST } from "./sections.js";
import { copyState, setup } from "./setup.js";
import { inFight, type TntState } from "./state.js";
import { SWITCH_DEFS } from "./switches.js";
import { TABLES } from "./tables.js";
import { gm } from "./gm-changes.js";
import { order, view } from "./views.js";

function standing(state: TntState): readonly Standing[] {
  return state.fighters.map((f) => ({ id: f.id, health: f.hp, out: !inFight(f) }));
}

export const tnt: Ruleset<TntState> = {
  id: "tnt",
  version: "1.1.0",
  // 1.1.0 named its rolls without repeating their dice (2026-11-27); the rules are unchanged.
  title: "TNT combat (combat-dice pools and ranges)",
  game: "TNT",
  source:
    '"TNT" homebrew combat chapter "12 Combat", a simplification of Codex Martialis (J. H. Chandler, Ire Games 2008)',
  sections: SECTION_LIST,
  switches: SWITCH_DEFS,
  tables: TABLES,
  coverage: COVERAGE,
  frayDefaults: FRAY_DEFAULTS,
  combatantSchema: combatantStatsSchema,
  encounterOptionsSchema,
  setup,
  copy: copyState,
  round: playRound,
  forget: forgetSpent,
  outcome,
  standing,
  // standing's health: hit points (standing, above).
  healthUnit: "HP",
  view,
  order,
  gm,
  exchange,
  tactics: TACTICS,
};
