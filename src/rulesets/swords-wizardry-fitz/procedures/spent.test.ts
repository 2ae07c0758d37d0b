// The round's resumable points (after the initiative, after each action) and what exact odds
// forget (spent.ts): the state graph gives a round exactly the end states every path gives, and
// the next round plays the same from a state and from the state forgotten.
import { describe, expect, it } from "vitest";
import { parseEncounterFile } from "../../../engine/encounter-file.js";
import {
  expectRoundMerged,
  expectForgottenUnread,
} from "../../../engine/test-support/state-merging.js";
import { swordsWizardryFitz } from "../index.js";

const fighter = { class: "fighter", level: 1, hitPoints: 3, initiativeDie: 2 };
/** Two first-level fighters toe to toe, with a dagger and a club (small enough to enumerate). */
const brawl = parseEncounterFile(
  {
    ruleset: "swords-wizardry-fitz",
    title: "a short brawl",
    options: { surprise: "none", distance: 5 },
    sides: [{ id: "west" }, { id: "east" }],
    combatants: [
      { id: "ann", name: "Ann", side: "west", ...fighter, armour: "leather", weapons: ["dagger"] },
      { id: "bob", name: "Bob", side: "east", ...fighter, armour: "chain", weapons: ["club"] },
    ],
  },
  { "swords-wizardry-fitz": swordsWizardryFitz },
  "test",
);

// Every path of a round of d20 attacks, twice over: 9 to 16 s of one core in CI, past vitest's
// 60 s on a machine three times as busy.
const ENUMERATING = 180_000;

describe("exact odds merge equal states inside a round and across rounds", () => {
  it(
    "a round by the state graph ends in exactly the states every path of it ends in",
    () => {
      const { graphRuns, pathRuns } = expectRoundMerged(brawl);
      expect(graphRuns).toBeLessThan(pathRuns);
    },
    ENUMERATING,
  );

  it(
    "what is forgotten at a round's end is never read by the next round",
    () => {
      expectForgottenUnread(brawl, 2);
    },
    ENUMERATING,
  );
});
