// The round's resumable points (after the initiative, after each turn) and what exact odds forget
// (spent.ts): the state graph gives a round exactly the end states every path gives, and the next
// round plays the same from a state and from the state forgotten.
import { describe, expect, it } from "vitest";
import { parseEncounterFile } from "../../../engine/encounter-file.js";
import {
  expectRoundMerged,
  expectForgottenUnread,
} from "../../../engine/test-support/state-merging.js";
import { tnt } from "../index.js";
import { makeState } from "../setup.js";

const fighter = { combatDice: 1, attackSkill: 1, defenceSkill: 1, conSave: 1, hitPoints: 4 };
/** Two one-die fighters with daggers (small enough to enumerate). */
const brawl = parseEncounterFile(
  {
    ruleset: "tnt",
    title: "a short brawl",
    sides: [{ id: "north" }, { id: "south" }],
    combatants: [
      { id: "ann", name: "Ann", side: "north", ...fighter, weapon: "dagger" },
      { id: "bob", name: "Bob", side: "south", ...fighter, weapon: "club" },
    ],
  },
  { tnt },
  "test",
);
/** The two at onset with initiative rolled (Ann first), after three rounds. */
const atOnset = {
  ...makeState(brawl.setup.combatants, brawl.setup.switches, "onset", true),
  round: 3,
};

describe("exact odds merge equal states inside a round and across rounds", () => {
  it("a round by the state graph ends in exactly the states every path of it ends in", () => {
    const { graphRuns, pathRuns } = expectRoundMerged(brawl, atOnset);
    expect(graphRuns).toBeLessThan(pathRuns);
  });

  it("what is forgotten at a round's end is never read by the next round", () => {
    expectForgottenUnread(brawl, 2, atOnset);
  });
});
