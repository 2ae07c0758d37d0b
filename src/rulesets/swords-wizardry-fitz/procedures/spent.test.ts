// The round's resumable points (after the initiative, after each action but the last, between a
// hit and its damage) and what exact odds forget (spent.ts): the state graph gives a round exactly
// the end states every path gives, and the next round plays the same from a state and from the
// state forgotten. The round number forgotten: spent-later.test.ts.
import { describe, expect, it } from "vitest";
import { AT_CHECKPOINT, walkExact } from "../../../engine/drivers/exact.js";
import { FixedDecisions } from "../../../engine/drivers/fixed.js";
import {
  expectRoundMerged,
  expectForgottenUnread,
} from "../../../engine/test-support/state-merging.js";
import { swordsWizardryFitz } from "../index.js";
import type { Fighter, SwState } from "../state.js";
import { brawl, brawlAt, ENUMERATING } from "../test-support/brawl.js";

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

  // Inside a round the counts still to come are ranked (only their order and equality are read):
  // the rest of a round from initiative counts 9 and 4, and from the middle of a count 9 where
  // Bob, taken out at it, still acts, played from the state and from the state forgotten.
  const counted = (ann: Fighter, bob: Fighter, counts: readonly [number, number]) => {
    ann.slots = [{ count: counts[0], use: "main", done: false, held: false }];
    bob.slots = [{ count: counts[1], use: "main", done: false, held: false }];
  };
  // Round 1 at count 9, where both have their slot: Ann has already struck.
  const annStruckAtNine = (state: SwState, ann: Fighter, bob: Fighter) => {
    state.round = 1;
    state.midRound = true;
    state.count = 9;
    counted(ann, bob, [9, 9]);
    ann.slots[0]!.done = true;
    ann.acted = ann.attacked = true;
  };
  const afterInitiative = brawlAt((state, ann, bob) => {
    state.round = 1;
    state.midRound = true;
    counted(ann, bob, [9, 4]);
  });
  const midCount = brawlAt((state, ann, bob) => {
    annStruckAtNine(state, ann, bob);
    bob.hp = -1;
    bob.status = "down";
    bob.outRound = 1;
    bob.outCount = 9;
  });

  it(
    "inside a round the counts to come keep their order, not the numbers rolled",
    () => {
      const [ranked, same] = [afterInitiative, midCount].map((s) => {
        const forgotten = structuredClone(s);
        swordsWizardryFitz.forget!(forgotten);
        return forgotten;
      });
      expect(ranked!.combatants.map((f) => f.slots[0]!.count)).toEqual([2, 1]);
      expect(same!.count).toBe(1);
      expect(same!.combatants.map((f) => f.slots[0]!.count)).toEqual([0, 1]);
      expect(same!.combatants[1]!.outCount).toBe(1);
      expectRoundMerged(brawl, afterInitiative);
      expectRoundMerged(brawl, midCount);
    },
    ENUMERATING,
  );

  // Between a hit and its damage: Ann's dagger has hit Bob at count 9, where Bob acts too (a
  // Mighty Blow, the chart still to roll after the damage).
  const blowPending = brawlAt((state, ann, bob) => {
    annStruckAtNine(state, ann, bob);
    ann.strikes = 1;
    bob.hitRound = 1;
    bob.hitCount = 9;
    state.blow = {
      attacker: "ann",
      target: "bob",
      weapon: ann.steady.weapons[0]!.id,
      natural20: false,
      mighty: true,
    };
  });

  /** Where the stretches of play from `from` stop: resumable points and round ends. */
  const stretchEnds = (from: SwState): SwState[] => {
    const ends: SwState[] = [];
    walkExact(
      (ctx) => {
        const state = structuredClone(from);
        try {
          swordsWizardryFitz.round(state, ctx);
        } catch (error) {
          if (error !== AT_CHECKPOINT) throw error;
        }
        return state;
      },
      (_p, state) => ends.push(state),
      new FixedDecisions(brawl.playbook),
      100_000,
      "throw",
    );
    return ends;
  };

  it(
    "a round resumes between a hit and its damage, the count under way kept, and not after its last action",
    () => {
      // Ann acts first: her hits stop with the damage still to roll, the rest after her action.
      const first = stretchEnds(afterInitiative);
      const pending = first.filter((s) => s.blow !== null);
      expect(pending.length).toBeGreaterThan(0);
      expect(pending.every((s) => s.blow!.attacker === "ann" && s.midRound)).toBe(true);
      expect(first.every((s) => s.midRound)).toBe(true);
      // Bob's is the round's last action: after it, only the round's end.
      const last = stretchEnds(midCount);
      expect(last.some((s) => s.blow !== null)).toBe(true);
      expect(last.every((s) => s.blow !== null || !s.midRound)).toBe(true);
      const forgotten = structuredClone(blowPending);
      swordsWizardryFitz.forget!(forgotten);
      expect([forgotten.count, forgotten.combatants[1]!.hitCount]).toEqual([1, 1]);
      expect(forgotten.blow).toEqual(blowPending.blow);
      expectRoundMerged(brawl, blowPending);
    },
    ENUMERATING,
  );
});
