// The advisor at an example's next decision, as the console and the HTTP API ask for it: a round
// estimated far past what merging equal states brings within the exact budget is sampled at once.
import { describe, expect, it } from "vitest";
import { Encounter } from "../engine/encounter.js";
import { parseEncounterFile } from "../engine/encounter-file.js";
import { adviseNextDecision } from "./advise-pending.js";
import { readDataFile } from "./files.js";
import { rulesets } from "./rulesets.js";

/** The advice at `path`'s first decision (rolls before it from the file's seed), its exact work's reports counted. */
function advised(path: string, samples: number) {
  const definition = parseEncounterFile(
    readDataFile(new URL(`../../examples/${path}`, import.meta.url).pathname),
    rulesets,
    path,
  );
  let reports = 0;
  const { advice } = adviseNextDecision(
    Encounter.fromAnswers(definition, []),
    definition.seed ?? 1,
    samples,
    { progress: () => void (reports += 1) },
  );
  return { advice, reports };
}

describe("the advisor's choice between exact and sampled", () => {
  it("samples a round estimated far past the budget at once, without enumerating 300,000 runs first", () => {
    // Swords & Wizardry's ganging-up: its options' rounds estimate 9e8 to 4e10 paths; it enumerated
    // until its 300,000 runs ran out (3.4 s) and then sampled the same rounds.
    const { advice, reports } = advised("swords-wizardry-fitz/ganging-up.yaml", 2000);
    expect(advice).toMatchObject({ method: "sampled", runs: 2000 });
    expect(reports).toBe(0);
  }, 120_000);

  it("still works out exactly a round that merging brings within the budget", () => {
    // tnt's duel: estimated at 165,000 paths, 10,172 runs once equal states merge.
    const { advice } = advised("tnt/duel.yaml", 2000);
    expect(advice).toMatchObject({ method: "exact", runs: 10_172 });
  }, 120_000);
});
