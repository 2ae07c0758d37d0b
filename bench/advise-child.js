// One advisor call at an encounter's first decision as the first computation in a fresh process:
// `node bench/advise-child.js <encounter> <exact|sampled> [round|fight]` prints
// {"importMs": ..., "ms": ..., "method": ..., "runs": ...}. `exact` is the advisor as `fray advise`
// runs it (on the state graph); `sampled` forces its fallback, 20,000 seeded rounds (or fights)
// per option, which is how the advisor answered four of the five duels before issue 16. Used by
// bench/fight-odds.js; needs the built dist/.
import { readFileSync } from "node:fs";
import process from "node:process";
import { performance } from "node:perf_hooks";
import { parse } from "yaml";

const [path, mode, horizon = "round"] = process.argv.slice(2);
const imported = performance.now();
const { rulesets } = await import("../dist/rulesets/index.js");
const { parseEncounterFile } = await import("../dist/engine/encounter-file.js");
const { Encounter } = await import("../dist/engine/encounter.js");
const { adviseNextDecision } = await import("../dist/app/advise-pending.js");
const importMs = performance.now() - imported;
const start = performance.now();
const definition = parseEncounterFile(parse(readFileSync(path, "utf8")), rulesets, path);
const encounter = Encounter.fromAnswers(definition, []);
const { advice } = adviseNextDecision(encounter, definition.seed ?? 1, 20_000, {
  horizon,
  ...(mode === "sampled" ? { exactBudget: 0, maxStates: 1 } : {}),
});
const ms = performance.now() - start;
process.stdout.write(
  `${JSON.stringify({ importMs, ms, method: advice.method, runs: advice.runs, fight: advice.fight?.method })}\n`,
);
