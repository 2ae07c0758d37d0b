import { describe, expect, it } from "vitest";
import { parseEncounterFile } from "../engine/encounter-file.js";
import { encounterFightOdds } from "./fight-odds.js";
import { readDataFile } from "./files.js";
import { rulesets } from "./rulesets.js";

/** Two fighters of `ruleset` at its defaults, as the console's builder makes them new. */
const newFighters = (ruleset: string) =>
  parseEncounterFile(
    {
      ruleset,
      title: "Two new fighters",
      sides: [{ id: "party" }, { id: "foes" }],
      combatants: [
        { id: "combatant", name: "Combatant", side: "party" },
        { id: "combatant-2", name: "Combatant 2", side: "foes" },
      ],
    },
    rulesets,
    "test",
  );

const example = (path: string) =>
  parseEncounterFile(
    readDataFile(new URL(`../../examples/${path}`, import.meta.url).pathname),
    rulesets,
    path,
  );

describe("whole-fight odds with a budget of runs (the console's)", () => {
  it("refuses karn's two new fighters at round 1's first long stretch, saying how far past the budget", () => {
    // The console's odds worked for the server's minute, at 3 positions, before saying the fight
    // was too large (the job's time budget). 4,096 runs into that stretch they had reached
    // 1.5e-128 of its probability.
    const odds = encounterFightOdds(newFighters("karn"), { maxRuns: 10_000_000 });
    expect(odds.stopped).toBe("run-limit");
    expect(odds.maxRuns).toBe(10_000_000);
    expect(odds.estimatedRuns).toBeGreaterThan(1e100);
    expect(odds.roundsWorked).toBe(0);
    expect(odds.unresolved.ongoing).toBe(1);
  });

  it("gives a fight within the budget the odds it gives without one", () => {
    const alley = example("cartyrion/cutpurses-in-an-alley.yaml");
    const budgeted = { ...encounterFightOdds(alley, { maxRuns: 10_000_000 }), seconds: 0 };
    const free = { ...encounterFightOdds(alley), seconds: 0 };
    expect(budgeted.stopped).toBe("done");
    expect(free.maxRuns).toBeNull();
    expect({ ...budgeted, maxRuns: null }).toEqual(free);
  });
});
