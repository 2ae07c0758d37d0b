// The results listed since a player's turn (engine/last-result.ts's resultsSince), brute force
// over an example of every ruleset: each earlier one is the last result as it was shown while it
// was the last (the encounter branched at the answer before the next that explained something).
import { describe, expect, it } from "vitest";
import { rulesets } from "../rulesets/index.js";
import { autoStep } from "../engine/autoplay.js";
import { Encounter } from "../engine/encounter.js";
import { lastResult, resultsSince } from "../engine/last-result.js";
import { exampleFiles } from "../engine/test-support/scripted.js";

const EXAMPLES = [
  ["cartyrion", "ambush-on-the-forest-road.yaml"],
  ["dungeons-of-olde", "tavern-brawl.yaml"],
  ["karn", "three-orcs.yaml"],
  ["swords-wizardry-fitz", "group-fight.yaml"],
  ["tnt", "group-fight.yaml"],
] as const;

/** `file` of examples/`id`/ played by its policies and Fray's dice (seed 3), up to 150 answers. */
function played(id: string, file: string): Encounter {
  const e = new Encounter(exampleFiles(rulesets, id).loadEncounter(file));
  while (e.log.length < 150 && autoStep(e, 3));
  return e;
}

describe("the results since a player's turn", () => {
  it.each(EXAMPLES)("%s's %s: each as it was shown while it was the last result", (id, file) => {
    const e = played(id, file);
    const all = resultsSince(e, 0, Infinity);
    expect(all.at(-1)).toEqual(lastResult(e));
    expect(all.length).toBeGreaterThan(5);
    for (const result of all.slice(0, -1)) {
      const next = Math.min(...e.explanations.filter((x) => x.at > result.at).map((x) => x.at));
      expect(result, `${id} at ${result.at}`).toEqual(lastResult(e.branch(next - 1)));
    }
  });

  it("tells an earlier miss though the same attacker strikes the same target later", () => {
    // swords-wizardry-fitz's group fight: Gorbag misses Hrolf at answer 116, and strikes him
    // again later; the later blow was taken for one still under way.
    const e = played("swords-wizardry-fitz", "group-fight.yaml");
    const at116 = resultsSince(e, 0, Infinity).find((r) => r.at === 116);
    expect(at116?.outcome).toEqual([
      "Gorbag the chief misses Hrolf",
      "Hrolf misses Gorbag the chief",
    ]);
  });
});
