// The tactics audit (issue 15), small and fixed so that it stays quick: `fray audit` on a duel of
// each ruleset with 10 fights (seed 1), 24 rollouts per option and 20 mirror-match fights each way,
// in this process. For each: the default tactics' blunder rate at the audited decisions, their
// share of the mirror matches against the search tactic (50% plays as well as the search), and
// the time it took, against 1,000 fights under the default tactics alone (the named peer: what an
// audited fight costs over a simulated one). The issue's targets: at most 3%
// blunders, 45-55% of the mirror matches.
// Run after `npm run build`: `node bench/audit.js [ruleset ...]` (or from bench/run.js). Prints
// Markdown for docs/benchmarks.md; nothing here is asserted by tests.
import console from "node:console";
import process from "node:process";
import { performance } from "node:perf_hooks";
import { URL, fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const load = (p) => import(pathToFileURL(`${root}dist/${p}`).href);

/** The duel audited per ruleset (cartyrion's: the one docs/tactics.md measures). */
export const AUDITED = [
  ["cartyrion", "examples/cartyrion/duel-sellsword-and-bandit.yaml"],
  ["dungeons-of-olde", "examples/dungeons-of-olde/duel.yaml"],
  ["karn", "examples/karn/duel.yaml"],
  ["swords-wizardry-fitz", "examples/swords-wizardry-fitz/duel.yaml"],
  ["tnt", "examples/tnt/duel.yaml"],
];

export const SETTINGS = { runs: 10, seed: 1, rollouts: 24, mirror: 20 };
/** Fights simulated for the peer's time. */
const PLAIN = 1000;

const pct = (x) => `${(100 * x).toFixed(1)}%`;

export async function runAuditBench(only = []) {
  const { parseEncounterFile } = await load("engine/encounter-file.js");
  const { auditTactics, AUDIT_DEFAULTS } = await load("engine/search/audit.js");
  const { runFight } = await load("engine/fight.js");
  const { Rng } = await load("core/random.js");
  const { rulesets } = await load("rulesets/index.js");
  const { readDataFile } = await load("app/files.js");
  const rows = [];
  for (const [id, file] of AUDITED) {
    if (only.length > 0 && !only.includes(id)) continue;
    const def = parseEncounterFile(readDataFile(`${root}${file}`), rulesets, file);
    const options = { ...AUDIT_DEFAULTS, ...SETTINGS };
    const start = performance.now();
    const r = auditTactics(def, rulesets, options);
    const auditS = (performance.now() - start) / 1000;
    const plainStart = performance.now();
    for (let i = 0; i < PLAIN; i += 1)
      runFight(def, Rng.stream(options.seed, i), options.maxRounds);
    const plainMs = (performance.now() - plainStart) / PLAIN;
    const m = r.mirror;
    rows.push(
      `| ${id} | \`${file.replace("examples/", "")}\` | ${r.blunders} of ${r.audited}: ${pct(r.rate)} (±${pct(r.half)}) | ${m === null ? "-" : `${pct(m.rate)} (±${pct(m.half)}): won ${m.tacticsWins} of ${m.fights} (${m.searchEscapes} by the search's getting away), ${m.draws} drawn`} | ${auditS.toFixed(1)} s | ${(1000 * plainMs).toFixed(0)} µs | ${Math.round((1000 * auditS) / options.runs / plainMs)}× |`,
    );
  }
  const { runs, seed, rollouts, mirror } = SETTINGS;
  console.log(
    [
      `\`fray audit <file> --runs ${runs} --seed ${seed} --rollouts ${rollouts} --mirror ${mirror}\` (the other settings: their defaults)`,
      "",
      "| ruleset | encounter | blunders | default tactics' share of the mirror matches' worth (a fight lost by getting away worth the escape to its loser) | audit | a fight simulated (default tactics, mean of 1,000) | audited fight / simulated fight |",
      "|---|---|---|---|---|---|---|",
      ...rows,
    ].join("\n"),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await runAuditBench(process.argv.slice(2));
}
