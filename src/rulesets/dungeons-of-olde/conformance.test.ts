// The engine's conformance suite, run on every example file of the ruleset.
import { readdirSync, readFileSync } from "node:fs";
import { parse } from "yaml";
import { describeConformance } from "../../engine/test-support/conformance.js";
import { dungeonsOfOlde } from "./index.js";
import { examplePath } from "./test-support/play.js";

const files = readdirSync(examplePath(""))
  .filter((f) => f.endsWith(".yaml"))
  .map(examplePath);
const isExchange = (path: string) => "attacker" in (parse(readFileSync(path, "utf8")) as object);

describeConformance(dungeonsOfOlde, {
  encounters: files.filter((f) => !isExchange(f)),
  exchanges: files.filter(isExchange),
});
