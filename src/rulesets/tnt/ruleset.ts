// The `tnt` ruleset: TNT's combat chapter ("12 Combat", a simplification of Codex Martialis) as
// Fray's Ruleset contract.
import type { Ruleset, Standing } from "../../engine/ruleset.js";
import { coverage, frayDefaults } from "./coverage.js";
import { exchange } from "./exchange.js";
import { outcome } from "./outcome.js";
import { playRound } from "./round.js";
import { sections } from "./sections.js";
import { encounterOptionsSchema, setup } from "./setup.js";
import { inFight, type TntState } from "./state.js";
import { combatantSchema } from "./stats.js";
import { switches } from "./switches.js";
import { tables } from "./tables.js";
import { view } from "./view.js";

function standing(state: TntState): readonly Standing[] {
  return state.fighters.map((f) => ({ id: f.id, health: f.hp, out: !inFight(f) }));
}

export const tnt: Ruleset<TntState> = {
  id: "tnt",
  version: "1.0.0",
  title: "TNT combat (combat-dice pools and ranges)",
  source:
    '"TNT" homebrew combat chapter "12 Combat", a simplification of Codex Martialis (J. H. Chandler, Ire Games 2008)',
  sections,
  switches,
  tables,
  coverage,
  frayDefaults,
  combatantSchema,
  encounterOptionsSchema,
  setup,
  round: playRound,
  outcome,
  standing,
  view,
  exchange,
};
