// The ruleset kit (`fray/ruleset`): what a ruleset written in a package of its own builds on. The
// contract the engine plays (docs/architecture.md, "The ruleset contract"), the choice points a
// procedure asks, and the engine's helpers the five shipped rulesets use. Load the result with
// `fray play --ruleset ./my-ruleset.js` (or `fray serve --ruleset`); check it with `fray/testing`.
export type {
  CombatantSpec,
  CombatantView,
  ConditionView,
  CoverageRow,
  DataTable,
  Detail,
  EncounterSetup,
  ExchangeResult,
  ExchangeRules,
  FrayDefault,
  HealthBar,
  Outcome,
  Place,
  Provenance,
  Ruleset,
  SideSpec,
  Standing,
  SwitchDef,
  TurnEntry,
  TurnOrder,
  TurnState,
  Viewer,
} from "./engine/ruleset.js";
export type { GmChange } from "./engine/answers.js";
export type { GmCondition, GmField, GmRules } from "./engine/gm-changes.js";
export type {
  Blow,
  Choice,
  DecisionOptions,
  RollSpec,
  RuleContext,
  Section,
} from "./engine/choice.js";
export { aimed } from "./engine/choice.js";
export type { Json, JsonObject } from "./engine/json.js";
export type {
  QuestionAnswerer,
  QuestionInfo,
  RulesetTactics,
  Tactic,
  TacticProfile,
} from "./engine/tactics.js";
export { declareTactics } from "./engine/tactics.js";
export { InputError } from "./engine/input-error.js";
export { diceRoll } from "./engine/roll-specs.js";
export { byDefault, chapter, cited } from "./engine/provenance.js";
export {
  coverageRow,
  fidelity,
  frayDefault,
  gmDecision,
  implemented,
  notApplicable,
} from "./engine/coverage.js";
export { recordTable, valuesTable } from "./engine/data-table.js";
export { switchDefiner, switchReader } from "./engine/ruleset-switches.js";
export {
  buildOnce,
  checkCombatantIds,
  opposingDefender,
  partySide,
  uniqueId,
} from "./engine/ruleset-setup.js";
export { lastSideFighting, lastSideStanding } from "./engine/outcome.js";
export { foeView, hurtLooks, viewsBySide } from "./engine/views.js";
export { signed } from "./engine/signed.js";
export { cloneState } from "./engine/clone.js";
