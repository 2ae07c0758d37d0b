// The test kit (`fray/testing`, for vitest): the suites every ruleset passes and the helpers their
// tests use, for a ruleset written in a package of its own (docs/architecture.md, "A ruleset in a
// package of its own"). The conformance suite plays the ruleset's example files: full fights under
// the policy driver, byte-identical logs, replay, undo and redo, views, rounds resumed at their
// resumable points, and exact exchange odds against sampling; the coverage suite checks its
// coverage table against its files and its documentation.
export {
  describeConformance,
  examplesIn,
  type ConformanceExamples,
} from "./engine/test-support/conformance.js";
export { describeCoverage, type CoverageFiles } from "./engine/test-support/coverage.js";
export {
  answer,
  pending,
  play,
  texts,
  type ScriptedAnswer,
} from "./engine/test-support/scripted.js";
export { bruteForce, expectExactAgreesWithDice } from "./engine/test-support/brute-force.js";
export { CheckedPolicy, fightToTheEnd } from "./engine/test-support/checked-policy.js";
export { sampleExchange, type ExchangeSample } from "./engine/test-support/exchange-sample.js";
