// `fray sim --shard I/N`, `fray sweep --shard I/N` and `fray merge` end to end in this thread
// (--workers 1): the merged output is the single machine's, byte for byte but for timing, for
// N = 1, 2 and 7 (issue: "Simulations over many machines"); and every misuse is a clear error.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Encounter } from "../../engine/encounter.js";
import { parseEncounterFile } from "../../engine/encounter-file.js";
import { logLines } from "../../engine/log.js";
import { answer } from "../../engine/test-support/scripted.js";
import { rulesets } from "../../rulesets/index.js";
import { readDataFile } from "../../app/files.js";
import { merge } from "./merge.js";
import { sim, type SimOptions } from "./sim.js";
import { sweep } from "./sweep.js";
import { parseShard } from "../options.js";
import { capturePrinted, repoFile } from "../test-support/cli.js";

const duel = repoFile("bench/encounters/cartyrion-duel.yaml");
const tombril = repoFile("examples/cartyrion/tombril-and-the-hill-giant.yaml");

const printed = capturePrinted();

const dir = mkdtempSync(join(tmpdir(), "fray-merge-"));

/** What the command printed, taken, and written to a new file whose path is returned. */
function saved(name: string): string {
  const path = join(dir, name);
  writeFileSync(path, printed.take());
  return path;
}

/** The printed JSON without its timing (the only part that differs between machines). */
function printedWithoutTiming(): string {
  const value = JSON.parse(printed.take()) as Record<string, unknown>;
  delete value.timing;
  return JSON.stringify(value);
}

async function simShards(path: string, n: number, options: SimOptions): Promise<string[]> {
  const parts: string[] = [];
  for (let i = 1; i <= n; i += 1) {
    await sim(path, { ...options, shard: `${i}/${n}` });
    parts.push(saved(`sim-${n}-${i}.json`));
  }
  return parts;
}

describe("fray sim --shard and fray merge", () => {
  const options = { runs: "5000", seed: "9", workers: "1" };

  it("merge the N parts into the single run's JSON, for N = 1, 2 and 7", async () => {
    await sim(duel, { ...options, json: true });
    const single = printedWithoutTiming();
    expect(single).toContain('"runs":5000');
    for (const n of [1, 2, 7]) {
      const parts = await simShards(duel, n, options);
      await merge(parts, { json: true });
      expect(printedWithoutTiming()).toBe(single);
    }
  });

  it("from a log (--log): the parts hold it, and merge starts where it did", async () => {
    const definition = parseEncounterFile(readDataFile(tombril), rulesets, tombril);
    const played = answer(new Encounter(definition), [[5]]);
    const log = join(dir, "tombril.jsonl");
    writeFileSync(log, logLines(played, 5).join("\n") + "\n");
    const fromLog = { runs: "2000", seed: "3", workers: "1", log };
    await sim(tombril, { ...fromLog, json: true });
    const single = printedWithoutTiming();
    expect(single).toContain('"start":{"round":1,"answers":1,"answersInRound":1}');
    await merge(await simShards(tombril, 2, fromLog), { json: true });
    expect(printedWithoutTiming()).toBe(single);
  });

  it("prints the table as fray sim does", async () => {
    await merge(await simShards(duel, 2, options), {});
    expect(printed.text()).toMatch(/5,000 fights in .*\n[\s\S]*The party wins +\d+\.\d%/);
  });

  it("refuses, with the fix, what a shard cannot do", async () => {
    await expect(sim(duel, { ...options, shard: "1/2", untilCi: "0.01" })).rejects.toThrow(
      expect.objectContaining({
        message: "--shard with --until-ci: where to stop depends on every shard's runs",
        hint: "give --runs instead",
      }),
    );
    await expect(sim(duel, { ...options, shard: "1/2", chart: "x.svg" })).rejects.toThrow(
      expect.objectContaining({ hint: expect.stringContaining("fray merge parts/*.json --chart") }),
    );
    await expect(sim(duel, { ...options, shard: "1/2", json: true })).rejects.toThrow(
      /--shard with --json/,
    );
  });
});

describe("fray sweep --shard and fray merge", () => {
  const vary = ["combatants.brute.stamina=20..40:10"];
  const options = { vary, runs: "1000", seed: "2", workers: "1" };

  it("merge into the single sweep's JSON and CSV, for N = 1, 2 and 7", async () => {
    await sweep(duel, { ...options, json: true });
    const single = printed.text();
    printed.clear();
    const csv = join(dir, "single.csv");
    await sweep(duel, { ...options, out: csv });
    printed.clear();
    for (const n of [1, 2, 7]) {
      const parts: string[] = [];
      for (let i = 1; i <= n; i += 1) {
        await sweep(duel, { ...options, shard: `${i}/${n}` });
        parts.push(saved(`sweep-${n}-${i}.json`));
      }
      await merge(parts, { json: true });
      expect(printed.text()).toBe(single);
      printed.clear();
      const mergedCsv = join(dir, `merged-${n}.csv`);
      await merge(parts, { out: mergedCsv });
      printed.clear();
      expect(readDataFile(mergedCsv)).toEqual(readDataFile(csv));
    }
  });

  it("refuses --out, --chart and --json on a shard, pointing to merge", async () => {
    await expect(sweep(duel, { ...options, shard: "1/2", out: "x.csv" })).rejects.toThrow(
      expect.objectContaining({
        message: "--shard with --out: a shard writes its part as JSON on standard output",
        hint: "leave out --out here and give it to fray merge parts/*.json --out",
      }),
    );
  });
});

describe("reading --shard and the parts", () => {
  it("takes I/N and refuses the rest, saying what is allowed", () => {
    expect(parseShard("3/8")).toEqual({ index: 3, of: 8 });
    expect(parseShard(undefined)).toBeUndefined();
    expect(() => parseShard("3")).toThrow('--shard: "3" is not I/N');
    expect(() => parseShard("0/4")).toThrow("--shard 0/4: the shard is from 1 to 4");
    expect(() => parseShard("9/8")).toThrow("--shard 9/8: the shard is from 1 to 8");
    expect(() => parseShard("1/20000")).toThrow("the number of shards is from 1 to 10,000");
  });

  it("refuses a file that is not a part, and a part of another kind", async () => {
    const notJson = join(dir, "not.json");
    writeFileSync(notJson, "shard one");
    await expect(merge([notJson], {})).rejects.toThrow(/not\.json: not JSON/);
    const empty = join(dir, "empty.json");
    writeFileSync(empty, "");
    await expect(merge([empty], {})).rejects.toThrow("empty.json: empty: the shard wrote no part");
    const log = join(dir, "other.json");
    writeFileSync(log, JSON.stringify({ format: "fray-log/1" }));
    await expect(merge([log], {})).rejects.toThrow(
      /other\.json: not a shard's part \(its format is "fray-log\/1", not fray-sim-part\/1 or fray-sweep-part\/1\)/,
    );
    await sim(duel, { runs: "1000", workers: "1", shard: "1/2" });
    const simPart = saved("kind-sim.json");
    await sweep(duel, {
      vary: ["combatants.brute.stamina=20..30:10"],
      runs: "1000",
      workers: "1",
      shard: "1/2",
    });
    const sweepPart = saved("kind-sweep.json");
    await expect(merge([simPart, sweepPart], {})).rejects.toThrow(
      /kind-sweep\.json: a fray-sweep-part\/1 part among fray-sim-part\/1 parts/,
    );
    await expect(merge([simPart], { out: "x.csv" })).rejects.toThrow(/--out: a simulation's parts/);
  });
});
