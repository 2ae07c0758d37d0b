// Shards of a simulation merge into exactly the single run's result (issue: "Simulations over many
// machines"): for N = 1, 2 and 7 shards, and more shards than batches; and parts that are not the
// N shards of one simulation, or not whole, are refused by name.
import { describe, expect, it } from "vitest";
import type { Named } from "./part-format.js";
import { runSimulation } from "./runner.js";
import { mergeSimParts, readSimPart, simPart, simShare, type SimPart } from "./sim-part.js";
import { rulesets } from "./test-support/registry.js";
import { duel, skirmishFile } from "./test-support/files.js";
import type { Shard } from "./shard.js";
import { untimedJson } from "./test-support/untimed.js";

const definition = duel();
const encounter = skirmishFile("skirmish-duel.yaml") as SimPart["encounter"];
// 9,000 runs are 9 batches of 1,000 (batch-plan.ts).
const work = { source: "skirmish-duel.yaml", encounter, seed: 11, runs: 9_000, maxRounds: 500 };

/**
 * Each shard's part as its JSON text, simulated once for the file: the tests ask for the same
 * shards again (2 of 2 in five of them), and a simulation is seeded, so it gives the same text.
 */
const partTexts = new Map<string, Promise<string>>();

async function shardPart(shard: Shard, seed = work.seed): Promise<Named<SimPart>> {
  const key = `${shard.index}/${shard.of} ${seed}`;
  let text = partTexts.get(key);
  if (text === undefined) {
    text = runSimulation({
      definition,
      seed,
      runs: work.runs,
      workers: 1,
      slice: simShare(shard, work.runs),
    }).then((result) => JSON.stringify(simPart({ ...work, seed, shard }, result)));
    partTexts.set(key, text);
  }
  const path = `part-${shard.index}.json`;
  // Through JSON and back, as the parts travel between machines: each call reads its own.
  return { path, part: readSimPart(JSON.parse(await text), path) };
}

async function parts(n: number): Promise<Named<SimPart>[]> {
  const all: Named<SimPart>[] = [];
  for (let i = 1; i <= n; i += 1) all.push(await shardPart({ index: i, of: n }));
  return all;
}

describe("merging a simulation's parts", () => {
  it("gives the single run's result, to the last digit, for 1, 2, 7 and 12 shards", async () => {
    const single = await runSimulation({
      definition,
      seed: work.seed,
      runs: work.runs,
      workers: 1,
    });
    expect(single.summary.runs).toBe(9_000);
    for (const n of [1, 2, 7, 12]) {
      const merged = mergeSimParts(await parts(n), rulesets).result;
      expect(untimedJson(merged)).toBe(untimedJson(single));
      expect(merged.aggregate).toEqual(single.aggregate);
    }
  });

  it("takes the parts in any order", async () => {
    const three = await parts(3);
    const merged = mergeSimParts([three[2]!, three[0]!, three[1]!], rulesets).result;
    expect(merged.aggregate).toEqual(mergeSimParts(three, rulesets).result.aggregate);
  });

  it("adds fractional health batch by batch in batch order, as one machine does", async () => {
    const two = await parts(2);
    // Batches of 0.1 each: one machine adds (((0.1 + 0.1) + 0.1) + ...) nine times.
    const tenths = (p: Named<SimPart>): Named<SimPart> => ({
      ...p,
      part: {
        ...p.part,
        batchHealth: p.part.batchHealth.map((b) => ({
          health: b.health.map(() => 0.1),
          survivorHealth: b.survivorHealth.map(() => 0.1),
        })),
      },
    });
    const merged = mergeSimParts(two.map(tenths), rulesets).result.aggregate;
    let oneMachine = 0;
    for (let b = 0; b < 9; b += 1) oneMachine += 0.1;
    expect(merged.health[0]).toBe(oneMachine);
    // Summing each shard first would not give the same number.
    expect(0.1 * 4 + 0.1 * 5).not.toBe(oneMachine);
  });

  it("refuses a missing shard, naming it and the command that writes it", async () => {
    const three = await parts(3);
    expect(() => mergeSimParts([three[0]!, three[2]!], rulesets)).toThrow(
      expect.objectContaining({
        message: "merge: shard 2 of 3 missing",
        hint: "fray sim skirmish-duel.yaml --seed 11 --runs 9000 --max-rounds 500 --shard 2/3 writes the missing part",
      }),
    );
  });

  it("refuses a shard given twice", async () => {
    const two = await parts(2);
    expect(() => mergeSimParts([two[0]!, two[1]!, two[0]!], rulesets)).toThrow(
      /part-1.json: shard 1\/2 again/,
    );
  });

  it("refuses parts of another seed or shard count", async () => {
    const other = await shardPart({ index: 2, of: 2 }, 12);
    const first = await shardPart({ index: 1, of: 2 });
    expect(() => mergeSimParts([first, other], rulesets)).toThrow(
      /part-2.json: its seed differs from part-1.json's/,
    );
    const ofThree = await shardPart({ index: 2, of: 3 });
    expect(() => mergeSimParts([first, ofThree], rulesets)).toThrow(/its shard count differs/);
  });

  it("refuses a shard stopped before its end", async () => {
    const two = await parts(2);
    const cut: Named<SimPart> = {
      ...two[1]!,
      part: {
        ...two[1]!.part,
        stopped: "interrupted",
        batchHealth: two[1]!.part.batchHealth.slice(1),
      },
    };
    expect(() => mergeSimParts([two[0]!, cut], rulesets)).toThrow(
      /part-2.json: shard 2\/2 was stopped after 4 of its 5 batches/,
    );
  });

  it("refuses a part that is not one, naming the field", () => {
    expect(() =>
      readSimPart({ format: "fray-sim-part/1", shard: { index: 3, of: 2 } }, "p.json"),
    ).toThrow(/p.json: shard: a shard's index is between 1 and its count/);
  });
});
