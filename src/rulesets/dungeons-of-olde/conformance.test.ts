// The engine's conformance suite, run on every example file of the ruleset.
import { describeConformance, examplesOf } from "../../engine/test-support/conformance.js";
import { dungeonsOfOlde } from "./index.js";

describeConformance(dungeonsOfOlde, examplesOf("dungeons-of-olde"));
