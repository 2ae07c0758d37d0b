// Shards of a sweep merge into exactly the single machine's sweep: for N = 1, 2 and 7 shards of
// a grid of 5 points (7 shards leave some with no point).
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../engine/json.js";
import type { Named } from "../part-format.js";
import { skirmishFile } from "../test-support/files.js";
import { rulesets } from "../test-support/registry.js";
import { parseVary } from "./grid.js";
import { runSweep } from "./sweep.js";
import {
  mergeSweepParts,
  readSweepPart,
  sweepPart,
  sweepShare,
  type SweepPart,
} from "./sweep-part.js";
import { toCsv, sweepTable, toJson } from "./table.js";

const file = skirmishFile("skirmish-duel.yaml") as JsonObject;
const vary = ["combatants.ann.hp=6..18:3"];
const job = { file, source: "skirmish-duel.yaml", rulesets, seed: 5, runs: 2_000, workers: 1 };
const work = { source: job.source, encounter: file, vary, seed: 5, runs: 2_000, maxRounds: 500 };

/**
 * Each shard's part as its JSON text, swept once for the file: three tests ask for the 2 shards
 * of 2, and a sweep is seeded, so it gives the same text.
 */
const partTexts = new Map<string, string>();

async function parts(n: number): Promise<Named<SweepPart>[]> {
  const all: Named<SweepPart>[] = [];
  for (let index = 1; index <= n; index += 1) {
    const shard = { index, of: n };
    const key = `${index}/${n}`;
    let text = partTexts.get(key);
    if (text === undefined) {
      const result = await runSweep({
        ...job,
        varies: vary.map(parseVary),
        points: sweepShare(shard, vary),
      });
      text = JSON.stringify(sweepPart({ ...work, shard }, result));
      partTexts.set(key, text);
    }
    const path = `sweep-${index}.json`;
    all.push({ path, part: readSweepPart(JSON.parse(text), path) });
  }
  return all;
}

describe("merging a sweep's parts", () => {
  it("gives the single machine's table and JSON for 1, 2 and 7 shards", async () => {
    const single = await runSweep({ ...job, varies: vary.map(parseVary) });
    expect(single.rows).toHaveLength(5);
    for (const n of [1, 2, 7]) {
      const merged = mergeSweepParts(await parts(n), rulesets);
      expect(toJson(merged)).toBe(toJson(single));
      expect(toCsv(sweepTable(merged))).toBe(toCsv(sweepTable(single)));
    }
  });

  it("refuses a shard that stopped before its last point, with the command to play it again", async () => {
    const two = await parts(2);
    const cut = { ...two[1]!, part: { ...two[1]!.part, rows: two[1]!.part.rows.slice(1) } };
    expect(() => mergeSweepParts([two[0]!, cut], rulesets)).toThrow(
      expect.objectContaining({
        message: "sweep-2.json: shard 2/2 was stopped after 2 of its 3 points",
        hint: "fray sweep skirmish-duel.yaml --vary combatants.ann.hp=6..18:3 --seed 5 --runs 2000 --max-rounds 500 --shard 2/2 plays the shard again",
      }),
    );
  });

  it("refuses parts of another grid", async () => {
    const [first, second] = await parts(2);
    const other = { ...second!, part: { ...second!.part, vary: ["combatants.ann.hp=6..18:4"] } };
    expect(() => mergeSweepParts([first!, other], rulesets)).toThrow(
      /sweep-2.json: its vary differs from sweep-1.json's/,
    );
  });
});
