// The conformance suite Fray runs on its own rulesets, run on this one over its example files.
import { join } from "node:path";
import { describeConformance, examplesIn } from "fray/testing";
import hardyHeroes from "./index.js";

describeConformance(hardyHeroes, examplesIn(join(import.meta.dirname, "examples")));
