// The round's resumable points (after the initiative, after each turn) and what exact odds forget
// (spent.ts): the state graph gives a round exactly the end states every path gives, and the next
// round plays the same from a state and from the state forgotten.
import { describe, expect, it } from "vitest";
import { parseEncounterFile } from "../../../engine/encounter-file.js";
import { fightOdds } from "../../../engine/fight-odds.js";
import {
  boundsMoved,
  expectExcessExact,
  expectRoundMerged,
  expectForgottenUnread,
  oddsGap,
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
/**
 * Ann and Bob against Cid, a fighter of 5 hit points with an arming sword in leather (DR 2, so
 * that some damage totals inflict nothing): somebody is out and the fight goes on.
 */
const threeWay = parseEncounterFile(
  {
    ruleset: "tnt",
    title: "two against one",
    sides: [{ id: "north" }, { id: "south" }],
    combatants: [
      { id: "ann", name: "Ann", side: "north", ...fighter, weapon: "dagger" },
      { id: "bob", name: "Bob", side: "north", ...fighter, weapon: "club" },
      {
        id: "cid",
        name: "Cid",
        side: "south",
        ...fighter,
        hitPoints: 5,
        weapon: "arming-sword",
        armour: "leather",
      },
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

describe("the whole fight keeps hit points at 0 and tallies those below (ctx.excess)", () => {
  // Both fights' first two rounds: each with every total a run and hit points whole, and kept
  // (the checks of `expectExcessExact`), worked out once for both tests.
  let worked: ReturnType<typeof expectExcessExact>[] | undefined;
  const fights = () =>
    (worked ??= [brawl, threeWay].map((def) => expectExcessExact(def, { maxRounds: 2 })));

  it("every figure, mean health included, as with every total a run and hit points whole", () => {
    for (const { whole, kept, handed } of fights()) {
      expect(kept.runs).toBeLessThan(whole.runs);
      expect(kept.states).toBeLessThan(whole.states);
      // Some take-out went below 0: the tally had hit points to add.
      expect(handed.length).toBeGreaterThan(0);
    }
  });

  it("the damage roll's bounds one total too far change the figures", () => {
    for (const by of [
      { low: 1, high: 0 },
      { low: 0, high: -1 },
    ]) {
      const moved = fightOdds({ ...threeWay, ruleset: boundsMoved(tnt, by) }, [], { maxRounds: 2 });
      expect(oddsGap(fights()[1]!.whole, moved)).toBeGreaterThan(1e-6);
    }
  });
});
