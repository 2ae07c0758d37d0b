// A ruleset's `setup` runs for every fight a simulation plays: each encounter's options are
// checked, and its state built, once (`buildOnce`), and every fight gets a state of its own.
import { describe, expect, it, vi } from "vitest";
import { Rng } from "../core/random.js";
import { runFight } from "../engine/fight.js";
import { exampleFiles } from "../engine/test-support/scripted.js";
import { rulesets } from "./index.js";

const DUELS: Readonly<Record<string, string>> = {
  cartyrion: "duel-sellsword-and-bandit.yaml",
  "dungeons-of-olde": "duel.yaml",
  karn: "duel.yaml",
  "swords-wizardry-fitz": "duel.yaml",
  tnt: "duel.yaml",
};

describe.each(Object.entries(DUELS))("%s's setup", (id, file) => {
  const definition = () => exampleFiles(rulesets, id).loadEncounter(file);

  it("checks an encounter's options once: loading the file did, no fight does again", () => {
    const def = definition();
    const parse = vi.spyOn(def.ruleset.encounterOptionsSchema, "parse");
    try {
      for (let i = 0; i < 3; i += 1) def.ruleset.setup(def.setup);
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it("gives every fight a state of its own, as the encounter starts", () => {
    const def = definition();
    const start = JSON.stringify(def.ruleset.setup(def.setup));
    for (let seed = 1; seed <= 5; seed += 1) {
      const fight = runFight(def, Rng.stream(seed, 0));
      expect(JSON.stringify(fight.state)).not.toBe(start);
      expect(JSON.stringify(def.ruleset.setup(def.setup))).toBe(start);
    }
  });
});
