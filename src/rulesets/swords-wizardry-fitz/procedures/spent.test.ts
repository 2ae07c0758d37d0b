// The round's resumable points (after the initiative, after each action but the last, between a
// hit and its damage) and what exact odds
// forget (spent.ts): the state graph gives a round exactly the end states every path gives, and
// the next round plays the same from a state and from the state forgotten.
import { describe, expect, it } from "vitest";
import { AT_CHECKPOINT, walkExact } from "../../../engine/drivers/exact.js";
import { FixedDecisions } from "../../../engine/drivers/fixed.js";
import { parseEncounterFile } from "../../../engine/encounter-file.js";
import {
  expectRoundMerged,
  expectForgottenUnread,
} from "../../../engine/test-support/state-merging.js";
import { swordsWizardryFitz } from "../index.js";
import type { Fighter, SwState } from "../state.js";

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
  change: (state: SwState, ann: Fighter, bob: Fighter) => void,
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
      weapon: ann.weapons[0]!.id,
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
