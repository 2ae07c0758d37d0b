// The rulesets a command reads one file with: the shipped ruleset the file names alone (the same
// object as in every registry), every ruleset for anything else.
import { describe, expect, it } from "vitest";
import { rulesets as shipped } from "../rulesets/index.js";
import { loadShipped } from "../rulesets/load.js";
import { rulesets } from "./rulesets.js";
import { rulesetsToRead } from "./rulesets-to-read.js";

describe("the rulesets to read a file with", () => {
  it("are the shipped ruleset the file names, alone, the object every registry holds", async () => {
    expect(Object.keys(loadShipped).sort()).toEqual(Object.keys(shipped).sort());
    for (const id of Object.keys(shipped)) {
      const registry = await rulesetsToRead({ ruleset: id, combatants: [] });
      expect(Object.keys(registry)).toEqual([id]);
      expect(registry[id]).toBe(shipped[id]);
      expect(registry[id]).toBe(rulesets[id]);
    }
  });

  it("are every ruleset for a file naming none, an unknown one, or no object", async () => {
    for (const content of [
      {},
      { ruleset: "nope" },
      { ruleset: "toString" },
      { ruleset: 3 },
      [{ ruleset: "tnt" }],
      null,
      "tnt",
    ])
      expect(await rulesetsToRead(content)).toBe(rulesets);
  });
});
