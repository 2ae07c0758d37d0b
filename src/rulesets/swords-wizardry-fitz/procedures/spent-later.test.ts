// What exact odds forget of a round's number (spent.ts): a later round with conditions running,
// and the surprise segments. A file apart from spent.test.ts, whose checks take as long, so that
// the two run side by side.
import { describe, expect, it } from "vitest";
import {
  expectRoundMerged,
  expectForgottenUnread,
} from "../../../engine/test-support/state-merging.js";
import { swordsWizardryFitz } from "../index.js";
import { brawl, brawlAt, brawlWith, ENUMERATING } from "../test-support/brawl.js";
import { ownSteady } from "../own-steady.js";

describe("exact odds merge equal states across rounds, the round number forgotten", () => {
  // The round number is forgotten (set to round 1, the rounds of conditions moved with it): a
  // round from the end of round 4 with conditions that run into rounds 5 and 6, stun and
  // unconsciousness durations still to roll, a fall and a condition over, played from the state
  // and from the state forgotten, ends in the same states.
  const later = brawlAt((state, ann, bob) => {
    state.round = 4;
    ann.stunnedThrough = 5;
    ownSteady(ann).blindThrough = 4;
    ownSteady(ann).blindDie = 3;
    ownSteady(ann).blindFrom = 4;
    ownSteady(ann).proneRound = 5;
    bob.stunnedThrough = 4;
    bob.stunDie = 3;
    bob.stunFrom = 4;
    ownSteady(bob).pinnedThrough = 3;
  });

  it(
    "a later round's conditions keep the rounds they have left, the round number forgotten",
    () => {
      const forgotten = structuredClone(later);
      swordsWizardryFitz.forget!(forgotten);
      expect(forgotten.round).toBe(1);
      const [ann, bob] = forgotten.combatants;
      expect([
        ann!.stunnedThrough,
        ann!.steady.blindThrough,
        ann!.steady.blindFrom,
        ann!.steady.proneRound,
      ]).toEqual([2, -1, 1, 2]);
      expect([bob!.stunnedThrough, bob!.stunFrom, bob!.steady.pinnedThrough]).toEqual([-1, 1, -1]);
      expectRoundMerged(brawl, later);
      expectForgottenUnread(brawl, 2, later);
    },
    ENUMERATING,
  );

  it(
    "the round number is kept through the surprise segments, then forgotten with the surprise",
    () => {
      const ambush = brawlWith({ surprise: "ambush", ambusher: "west", ambushSegments: 2 });
      // The end of the first of two surprise segments: Bob is surprised in the second.
      const segment = brawlAt((state, _ann, bob) => {
        state.round = 1;
        state.segments = 2;
        ownSteady(bob).surprisedFor = 2;
      }, ambush);
      const kept = structuredClone(segment);
      swordsWizardryFitz.forget!(kept);
      expect([kept.round, kept.segments, kept.combatants[1]!.steady.surprisedFor]).toEqual([
        1, 2, 2,
      ]);
      expectRoundMerged(ambush, segment);
      expectForgottenUnread(ambush, 2, segment);
    },
    ENUMERATING,
  );
});
