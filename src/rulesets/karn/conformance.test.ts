// The engine's conformance suite, run on every example file of the ruleset.
import { describeConformance, examplesOf } from "../../engine/test-support/conformance.js";
import { karn } from "./index.js";

describeConformance(karn, examplesOf("karn"));
