// The engine's conformance suite, run on every example file of the ruleset.
import { readdirSync, readFileSync } from "node:fs";
import { parse } from "yaml";
import { describeConformance } from "../../engine/test-support/conformance.js";
import type { Ruleset } from "../../engine/ruleset.js";
import { swordsWizardryFitz } from "./index.js";
import { examplePath } from "./test-support/play.js";

const files = readdirSync(examplePath(""))
  .filter((f) => f.endsWith(".yaml"))
  .map(examplePath);
const isExchange = (path: string) => "attacker" in (parse(readFileSync(path, "utf8")) as object);

describeConformance(swordsWizardryFitz as unknown as Ruleset, {
  encounters: files.filter((f) => !isExchange(f)),
  exchanges: files.filter(isExchange),
});
