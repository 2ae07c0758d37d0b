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
import type { SwState } from "../state.js";

const fighter = { class: "fighter", level: 1, hitPoints: 3, initiativeDie: 2 };
/**
 * Two first-level fighters toe to toe, with a dagger and a club (small enough to enumerate); by
 * default nobody is surprised.
 */
const brawlWith = (options: object = { surprise: "none" }) =>
  parseEncounterFile(
    {
      ruleset: "swords-wizardry-fitz",
      title: "a short brawl",
      options: { distance: 5, ...options },
      sides: [{ id: "west" }, { id: "east" }],
      combatants: [
        {
          id: "ann",
          name: "Ann",
          side: "west",
          ...fighter,
          armour: "leather",
          weapons: ["dagger"],
        },
        { id: "bob", name: "Bob", side: "east", ...fighter, armour: "chain", weapons: ["club"] },
      ],
    },
    { "swords-wizardry-fitz": swordsWizardryFitz },
    "test",
  );
const brawl = brawlWith();

/** The brawl's start, changed by `change` (a later round, conditions running). */
function brawlAt(
  change: (state: SwState, ann: SwState["combatants"][0], bob: SwState["combatants"][0]) => void,
  def = brawl,
): SwState {
  const state = def.ruleset.setup(def.setup) as SwState;
  change(state, state.combatants[0]!, state.combatants[1]!);
  return state;
}

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

  // The round number is forgotten (set to round 1, the rounds of conditions moved with it): a
  // round from the end of round 4 with conditions that run into rounds 5 and 6, stun and
  // unconsciousness durations still to roll, a fall and a condition over, played from the state
  // and from the state forgotten, ends in the same states.
  const later = brawlAt((state, ann, bob) => {
    state.round = 4;
    ann.stunnedThrough = 5;
    ann.blindThrough = 4;
    ann.blindDie = 3;
    ann.blindFrom = 4;
    ann.proneRound = 5;
    bob.stunnedThrough = 4;
    bob.stunDie = 3;
    bob.stunFrom = 4;
    bob.pinnedThrough = 3;
  });

  it(
    "a later round's conditions keep the rounds they have left, the round number forgotten",
    () => {
      const forgotten = structuredClone(later);
      swordsWizardryFitz.forget!(forgotten);
      expect(forgotten.round).toBe(1);
      const [ann, bob] = forgotten.combatants;
      expect([ann!.stunnedThrough, ann!.blindThrough, ann!.blindFrom, ann!.proneRound]).toEqual([
        2, -1, 1, 2,
      ]);
      expect([bob!.stunnedThrough, bob!.stunFrom, bob!.pinnedThrough]).toEqual([-1, 1, -1]);
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
        bob.surprisedFor = 2;
      }, ambush);
      const kept = structuredClone(segment);
      swordsWizardryFitz.forget!(kept);
      expect([kept.round, kept.segments, kept.combatants[1]!.surprisedFor]).toEqual([1, 2, 2]);
      expectRoundMerged(ambush, segment);
      expectForgottenUnread(ambush, 2, segment);
    },
    ENUMERATING,
  );
});
