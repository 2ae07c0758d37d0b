// The whole fight's first rounds on the state graph, wave by wave (each wave: the states one more
// stretch of play reaches inside the round), with the distinct states, runs of the rules, CPU and
// heap after each: what bounds `fray odds` on a fight that does not finish.
// `node bench/fight-turns.js <encounter> [maxStates] [rounds]` prints one JSON line a wave and one
// a round; it stops with TooManyStates past maxStates (3,000,000). Needs the built dist/.
import { readFileSync } from "node:fs";
import process from "node:process";
import { performance } from "node:perf_hooks";
import { URL } from "node:url";
import { parse } from "yaml";

const root = new URL("..", import.meta.url).href;
const [path, maxStates = "3000000", turns = "1"] = process.argv.slice(2);
const { rulesets } = await import(root + "dist/rulesets/index.js");
const { parseEncounterFile } = await import(root + "dist/engine/encounter-file.js");
const { replayToPosition } = await import(root + "dist/engine/position.js");
const { StateGraph, spread } = await import(root + "dist/engine/state-graph.js");
const { cloneState } = await import(root + "dist/engine/clone.js");
const def = parseEncounterFile(parse(readFileSync(path, "utf8")), rulesets, path);
const graph = new StateGraph(def.ruleset, { tactics: def.playbook, maxStates: Number(maxStates) });
const t0 = performance.now();
const c0 = process.cpuUsage();
let from = new Map([[graph.node(cloneState(replayToPosition(def, []).roundStart), false), 1]]);
const line = (what) => {
  const c = process.cpuUsage(c0);
  process.stdout.write(
    `${JSON.stringify({
      ...what,
      states: graph.size,
      runs: graph.runs,
      cpu: +((c.user + c.system) / 1e6).toFixed(1),
      wall: +((performance.now() - t0) / 1000).toFixed(1),
      heapMB: Math.round(process.memoryUsage().heapUsed / 1e6),
    })}\n`,
  );
};
let over = 0;
for (let turn = 1; turn <= Number(turns); turn++) {
  const ends = new Map();
  let wave = new Map();
  let w = 0;
  for (const [node, p] of from) spread(graph.edgesOf(node), p, wave, ends);
  while (wave.size > 0) {
    w++;
    line({ turn, wave: w, inside: wave.size, endsSoFar: ends.size });
    const next = new Map();
    for (const [node, p] of wave) spread(graph.edgesOf(node), p, next, ends);
    wave = next;
  }
  from = new Map();
  let endedNow = 0;
  for (const [node, p] of ends) {
    if (graph.outcomeOf(node) === null) from.set(node, p);
    else endedNow += p;
  }
  over += endedNow;
  line({ turn, ends: ends.size, going: from.size, overByNow: +over.toFixed(6) });
}
