// Whole-fight exact odds and the advisor (issue 16), on the duel example of each ruleset:
// 1. whole-fight exact odds (what `fray odds <duel>` computes) in a fresh process
//    (bench/fight-odds-child.js; wall clock, node's start included), given at most 60 s, against
//    `fray sim <duel> --runs 1000000 --json` in the same run (the named peer), and whether each
//    exact probability (each side's win, draw, mutual kill) lies in the simulation's 95% interval
//    (widened by what is left unresolved); with the distinct states the chain took, why it
//    stopped, and the estimated runs of one round from the start;
// 2. the advisor at the first decision, to the end of the round: warm (this process, as the
//    console and the HTTP API call it; median of 3 after an untimed call) and fresh (`fray advise
//    <duel> --json` as a new process, and bench/advise-child.js, the call alone after import),
//    against the advisor's sampling fallback (20,000 seeded rounds per option, how it answered
//    four of the five duels before the state graph) in the same run.
// Run after `npm run build`: `node bench/fight-odds.js [ruleset ...]` (or from bench/run.js).
// Prints Markdown for docs/benchmarks.md; nothing here is asserted by tests.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import process from "node:process";
import { performance } from "node:perf_hooks";
import { URL, fileURLToPath, pathToFileURL } from "node:url";
import { parse } from "yaml";

const root = fileURLToPath(new URL("../", import.meta.url));
const load = (p) => import(pathToFileURL(`${root}dist/${p}`).href);

/** The duel example of each ruleset (issue 16's list). */
export const DUELS = [
  ["cartyrion", "examples/cartyrion/tombril-and-the-hill-giant.yaml"],
  ["dungeons-of-olde", "examples/dungeons-of-olde/duel.yaml"],
  ["karn", "examples/karn/duel.yaml"],
  ["swords-wizardry-fitz", "examples/swords-wizardry-fitz/duel.yaml"],
  ["tnt", "examples/tnt/duel.yaml"],
];

/** Seconds the exact work of a fight is given before it is stopped (as Ctrl-C stops `fray odds`). */
const EXACT_BUDGET_S = 60;

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Runs `node args...` in a fresh process: { wall (s), out (stdout) }. */
function fresh(args) {
  const t0 = performance.now();
  const out = execFileSync(process.execPath, args, {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 << 20,
    stdio: ["ignore", "pipe", "ignore"],
  });
  return { wall: (performance.now() - t0) / 1000, out };
}

const pct = (p) => `${(p * 100).toFixed(3)}%`;
const s2 = (x) => `${x.toFixed(2)} s`;
const ms = (x) => `${x < 10 ? x.toFixed(1) : x.toFixed(0)} ms`;
const n = (x) => x.toLocaleString("en-US");

/** Exact against simulation for one duel: a table row and the agreement lines. */
function fightRow(id, path) {
  const exact = JSON.parse(
    fresh(["bench/fight-odds-child.js", path, String(EXACT_BUDGET_S)])
      .out.trim()
      .split("\n")
      .pop(),
  );
  const simRun = fresh(["bin/fray.js", "sim", path, "--runs", "1000000", "--seed", "1", "--json"]);
  const sim = JSON.parse(simRun.out);
  const stretch = n(Math.round(exact.firstStretch));
  if (exact.skipped) {
    return {
      row: `| ${id} | not attempted | | | first stretch from the start: about ${stretch} runs | ${s2(simRun.wall)} | | |`,
      checks: [],
    };
  }
  const checks = [
    ...exact.sides.map((s, i) => [`${s.name} win`, s.win, sim.sides[i].win]),
    ["draw", exact.draw, sim.draw],
    ["mutual kill", exact.mutualKill, sim.mutualKill],
  ].map(([what, p, interval]) => ({
    what,
    p,
    interval,
    inside: p >= interval.low - exact.unresolved.total && p <= interval.high,
  }));
  const agree = checks.every((c) => c.inside) ? "yes" : "**no**";
  const stop =
    exact.stopped === "done"
      ? "done"
      : `**${exact.stopped}** after ${exact.roundsWorked} rounds, ${pct(exact.unresolved.ongoing)} of fights still going`;
  return {
    row:
      `| ${id} | ${s2(exact.wall)} (${s2(exact.seconds)} in the call) | ${n(exact.states)} | ` +
      `${n(exact.runs)} | ${stop}; first stretch from the start: about ${stretch} runs | ` +
      `${s2(simRun.wall)} | ${(simRun.wall / exact.wall).toFixed(2)}x | ${agree} |`,
    checks: checks.map(
      (c) =>
        `${id}: ${c.what} exact ${pct(c.p)}${exact.stopped === "done" ? "" : ` (+ up to ${pct(exact.unresolved.total)} unresolved)`}, simulated ${pct(c.interval.p)} [${pct(c.interval.low)}, ${pct(c.interval.high)}]${c.inside ? "" : " OUTSIDE"}`,
    ),
  };
}

/** The advisor warm in this process: median ms of 3 calls after an untimed one. */
async function warmAdvice(path, options) {
  const { rulesets } = await load("rulesets/index.js");
  const { parseEncounterFile } = await load("engine/encounter-file.js");
  const { Encounter } = await load("engine/encounter.js");
  const { adviseNextDecision } = await load("app/advise-pending.js");
  const definition = parseEncounterFile(
    parse(readFileSync(`${root}${path}`, "utf8")),
    rulesets,
    path,
  );
  const once = () => {
    const t0 = performance.now();
    const { advice } = adviseNextDecision(
      Encounter.fromAnswers(definition, []),
      definition.seed ?? 1,
      20_000,
      options,
    );
    return { ms: performance.now() - t0, advice };
  };
  once();
  const runs = Array.from({ length: 3 }, once);
  return { ms: median(runs.map((r) => r.ms)), advice: runs[0].advice };
}

const SAMPLED = { exactBudget: 0, maxStates: 1 };

async function adviceRow(id, path) {
  const warm = await warmAdvice(path, {});
  const warmSampled = await warmAdvice(path, SAMPLED);
  const child = (mode) =>
    JSON.parse(fresh(["bench/advise-child.js", path, mode]).out.trim().split("\n").pop());
  const first = child("exact");
  const firstSampled = child("sampled");
  const cli = fresh(["bin/fray.js", "advise", path, "--json"]);
  const method = warm.advice.method === "exact" ? "exact" : "**sampled**";
  return (
    `| ${id} | ${method}, ${n(warm.advice.runs)} runs | ${ms(warm.ms)} | ${ms(warmSampled.ms)} | ` +
    `${(warmSampled.ms / warm.ms).toFixed(1)}x | ${ms(first.ms)} | ${ms(firstSampled.ms)} | ` +
    `${(firstSampled.ms / first.ms).toFixed(1)}x | ${s2(cli.wall)} |`
  );
}

export async function runFightOddsBench(only = []) {
  const lines = [];
  const out = (s) => {
    lines.push(s);
    process.stdout.write(`${s}\n`);
  };
  const duels = DUELS.filter(([id]) => only.length === 0 || only.includes(id));
  out(`Whole-fight exact odds in a fresh process (at most ${EXACT_BUDGET_S} s each), against`);
  out("`fray sim <duel> --runs 1000000 --seed 1 --json` (every core) in the same run:");
  out("");
  out(
    "| ruleset | exact, wall | distinct states | runs of the rules | stopped | sim 1,000,000, wall | sim / exact | exact inside sim's 95% interval |",
  );
  out("|---|---:|---:|---:|---|---:|---:|---|");
  const checks = [];
  for (const [id, path] of duels) {
    const r = fightRow(id, path);
    out(r.row);
    checks.push(...r.checks);
  }
  out("");
  out("Each exact probability against the simulated one and its 95% interval:");
  out("");
  for (const c of checks) out(`- ${c}`);
  out("");
  out("The advisor at the first decision, to the end of the round, against its sampling fallback");
  out("(20,000 seeded rounds per option) in the same run:");
  out("");
  out(
    "| ruleset | method | warm | warm, sampled | sampled / exact | first call, fresh process | the same, sampled | sampled / exact | `fray advise` process, wall |",
  );
  out("|---|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const [id, path] of duels) out(await adviceRow(id, path));
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await runFightOddsBench(process.argv.slice(2));
}
