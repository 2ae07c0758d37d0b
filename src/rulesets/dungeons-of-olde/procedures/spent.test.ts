// The turn's resumable points (after the reset phase, after each character's round of the action
// phase) and what exact odds forget (spent.ts): the state graph gives a turn exactly the end
// states every path gives, and the next turn plays the same from a state and from the state
// forgotten.
import { ownSteady } from "../own-steady.js";
import { describe, expect, it } from "vitest";
import type { RuleContext } from "../../../engine/choice.js";
import { cloneState } from "../../../engine/clone.js";
import { enumerateExact, walkExact } from "../../../engine/drivers/exact.js";
import { FixedDecisions } from "../../../engine/drivers/fixed.js";
import { parseEncounterFile } from "../../../engine/encounter-file.js";
import { fightOdds } from "../../../engine/fight-odds.js";
import {
  boundsMoved,
  byText,
  expectExcessExact,
  expectForgottenUnread,
  expectRoundMerged,
  oddsGap,
} from "../../../engine/test-support/state-merging.js";
import { dungeonsOfOlde } from "../index.js";
import type { DooState } from "../state.js";

/**
 * Two brawlers with daggers, by default Finesse 3 and 3 HP (small enough to enumerate: a Finesse 3
 * die gives 1 to 3 action points, one attack a turn), Ana surprised unless `surprised` is empty.
 * The first check's pair has Finesse 4 and 6 HP: up to two attacks each, so that the merging
 * saves more runs than its resumable points cost. `gear`: both brawlers' weapons and armour.
 */
const brawlWith = (
  surprised: readonly string[] = ["ana"],
  finesse = 3,
  hitPoints = 3,
  gear: object = { weapons: ["dagger"] },
) =>
  parseEncounterFile(
    {
      ruleset: "dungeons-of-olde",
      title: "a short brawl",
      options: { distance: 2, surprised },
      sides: [{ id: "west" }, { id: "east" }],
      combatants: [
        {
          id: "ana",
          name: "Ana",
          side: "west",
          brawn: 6,
          finesse,
          nerve: 6,
          hitPoints,
          ...gear,
        },
        {
          id: "bo",
          name: "Bo",
          side: "east",
          brawn: 6,
          finesse,
          nerve: 6,
          hitPoints,
          ...gear,
        },
      ],
    },
    { "dungeons-of-olde": dungeonsOfOlde },
    "test",
  );
const brawl = brawlWith();

/** The brawl's start, changed by `change`. */
function brawlAt(change: (state: DooState) => void, def = brawl): DooState {
  const state = def.ruleset.setup(def.setup) as DooState;
  change(state);
  return state;
}

/** End states of a turn from `from`, each forgotten, with their probabilities, by JSON text. */
function turnEnds(from: DooState): Map<string, number> {
  const rules = dungeonsOfOlde;
  const paths = enumerateExact(
    (ctx: RuleContext) => {
      const state = cloneState(from);
      rules.round(state, ctx);
      return state;
    },
    { tactics: brawl.playbook, maxRuns: 5_000_000 },
  );
  return byText(
    paths.outcomes.map((o) => {
      rules.forget!(o.result);
      return [o.result, o.p] as const;
    }),
  );
}

/** A turn from `state` and from `state` forgotten ends in the same states, once forgotten. */
function expectPlaysAsForgotten(state: DooState): void {
  const forgotten = structuredClone(state);
  dungeonsOfOlde.forget!(forgotten);
  const raw = turnEnds(state);
  const merged = turnEnds(forgotten);
  expect(merged.size).toBe(raw.size);
  for (const [key, p] of raw) expect(merged.get(key) ?? -1, key).toBeCloseTo(p, 12);
}

// Every path of a turn, twice over: seconds of one core, more on a busy machine.
const ENUMERATING = 180_000;

describe("exact odds merge equal states inside a turn and across turns", () => {
  it(
    "a turn by the state graph ends in exactly the states every path of it ends in",
    () => {
      const { graphRuns, pathRuns } = expectRoundMerged(brawlWith([], 4, 6));
      expect(graphRuns).toBeLessThan(pathRuns);
    },
    ENUMERATING,
  );

  it(
    "what is forgotten at a turn's end is never read by the next turn",
    () => {
      expectForgottenUnread(brawl, 3);
    },
    ENUMERATING,
  );

  // Inside a turn: the action phase resumed in its second round, Bo still to act in it, with 4
  // action points left to Ana (two rounds more), from the state and from the state forgotten.
  const midPhase = brawlAt((state) => {
    const [ana, bo] = state.combatants as [DooState["combatants"][0], DooState["combatants"][0]];
    state.turn = 3;
    state.inTurn = true;
    state.actionRound = 2;
    state.queue = [1];
    state.acted = true;
    ana.ap = 4;
    ana.actedIn = 2;
    ana.dealt = 2;
    ana.best = 4;
    bo.ap = 2;
    bo.actedIn = 1;
    bo.pos = 3;
  });

  it(
    "inside a turn the rest of the action phase plays the same from the state forgotten",
    () => {
      const forgotten = structuredClone(midPhase);
      dungeonsOfOlde.forget!(forgotten);
      expect(forgotten.turn).toBe(1);
      // The action phase's round number only names the next question ("action-2"): merged.
      expect(forgotten.actionRound).toBe(1);
      expect(forgotten.queue).toEqual([1]);
      expect(forgotten.combatants.map((c) => [c.ap, c.actedIn, c.dealt, c.best])).toEqual([
        [4, 0, 0, -1],
        [2, 0, 0, -1],
      ]);
      expectRoundMerged(brawl, midPhase);
      expectPlaysAsForgotten(midPhase);
    },
    ENUMERATING,
  );

  it("keeps the action phase's round where a decision fixes an action-N answer or the 40-round guard is in reach", () => {
    const fixed = structuredClone(midPhase);
    dungeonsOfOlde.forget!(fixed, new Set(["action-3"]));
    expect(fixed.actionRound).toBe(2);
    const other = structuredClone(midPhase);
    dungeonsOfOlde.forget!(other, new Set(["critical-hit"]));
    expect(other.actionRound).toBe(1);
    // Ana with 36 action points: from round 2, 36 + 2 (Bo's) + 2 (both standing, a free flop
    // each) + 1 more rounds could come, past the guard's 40.
    const guard = structuredClone(midPhase);
    guard.combatants[0]!.ap = 36;
    dungeonsOfOlde.forget!(guard);
    expect(guard.actionRound).toBe(2);
  });

  // Between turns: turn 4 over, with a Shield Block, a stun and temporary blindness still
  // marked, action points and free steps left, a surprise no longer read, character points and
  // damage dealt, a dagger lying on the ground and one picked up from where it lay, and the two
  // far from space 0: the next turn plays the same from the state forgotten (set to turn 1, the
  // spaces moved so that the lowest is 0).
  const betweenTurns = brawlAt((state) => {
    const [ana, bo] = state.combatants as [DooState["combatants"][0], DooState["combatants"][0]];
    state.turn = 4;
    state.actionRound = 3;
    state.acted = true;
    ownSteady(ana).surprised = true;
    ana.pos = 7;
    ana.ap = 1;
    ana.freeSteps = 1;
    ownSteady(ana).stunned = true;
    ownSteady(ana).blind = 1;
    ana.cp = 3;
    ana.dealt = 2;
    ana.steady.weapons[0]!.groundPos = 12;
    bo.pos = 8;
    bo.hp = 2;
    ownSteady(bo).blocking = true;
    bo.steady.weapons[0]!.where = "ground";
    bo.steady.weapons[0]!.groundPos = 9;
    ownSteady(bo).hand = bo.steady.weapons.length - 1;
  });

  it(
    "between turns the next turn plays the same from the state forgotten",
    () => {
      const forgotten = structuredClone(betweenTurns);
      dungeonsOfOlde.forget!(forgotten);
      const [ana, bo] = forgotten.combatants;
      expect(forgotten.turn).toBe(1);
      expect([
        ana!.pos,
        bo!.pos,
        bo!.steady.weapons[0]!.groundPos,
        ana!.steady.weapons[0]!.groundPos,
      ]).toEqual([0, 1, 2, 0]);
      expect([
        ana!.steady.surprised,
        ana!.steady.stunned,
        ana!.steady.blind,
        ana!.ap,
        ana!.freeSteps,
        ana!.cp,
      ]).toEqual([false, false, 0, 0, 0, 0]);
      expect(bo!.steady.blocking).toBe(false);
      expectPlaysAsForgotten(betweenTurns);
    },
    ENUMERATING,
  );

  // The action phase's first round under way, Ana to act with 3 action points (an attack, 2 AP,
  // then 1 left), Bo after her with `boAp`.
  const actingWith = (boAp: number) =>
    brawlAt((state) => {
      const [ana, bo] = state.combatants as [DooState["combatants"][0], DooState["combatants"][0]];
      state.turn = 2;
      state.inTurn = true;
      state.actionRound = 1;
      state.queue = [0, 1];
      state.acted = false;
      ana.ap = 3;
      bo.ap = boAp;
      bo.pos = 1;
    });

  /** The runs of a stretch from `state` to the first resumable point, and how many stopped there. */
  function stopsFrom(state: DooState): { runs: number; stopped: number } {
    let stopped = 0;
    const { runs } = walkExact(
      (ctx) => {
        const s = cloneState(state);
        dungeonsOfOlde.round(s, ctx);
        return ctx.stopped;
      },
      (_, at) => {
        if (at) stopped += 1;
      },
      new FixedDecisions(brawl.playbook),
      100_000,
      "return",
    );
    return { runs, stopped };
  }

  it(
    "no resumable point once nobody fighting has the action points for an action that rolls a die (2 AP), and the turn still ends as every path of it does",
    () => {
      // After Ana's attack she has 1 AP, Bo 1: no die is left to roll in the turn.
      const none = stopsFrom(actingWith(1));
      expect(none.runs).toBeGreaterThan(1);
      expect(none.stopped).toBe(0);
      // Bo with 2 AP may still attack: the turn stops after Ana's round (where she stands).
      const some = stopsFrom(actingWith(2));
      expect(some.stopped).toBeGreaterThan(0);
      expectRoundMerged(brawl, actingWith(1));
      expectRoundMerged(brawl, actingWith(2));
    },
    ENUMERATING,
  );

  it("a surprise is kept until the first turn has begun, and on a field with cover every space is kept", () => {
    const start = structuredClone(brawl.ruleset.setup(brawl.setup) as DooState);
    dungeonsOfOlde.forget!(start);
    expect(start.turn).toBe(0);
    expect(start.combatants[0]!.steady.surprised).toBe(true);
    const covered = brawlAt((state) => {
      state.cover = [{ space: 5, penalty: 3 }];
      state.combatants[0]!.pos = 4;
      state.combatants[1]!.pos = 6;
    });
    dungeonsOfOlde.forget!(covered);
    expect(covered.combatants.map((c) => c.pos)).toEqual([4, 6]);
  });
});

describe("the whole fight keeps the dead at minus their maximum HP and tallies those below (ctx.excess)", () => {
  // Two brawlers of 2 HP with saxes (d6) in leather (DR 1): a 1 deals nothing, a 5 or 6 kills
  // outright (dead at -2 HP), a 3 or 4 leaves the other dying. Their first two turns with every
  // total a run and hit points whole, and kept (`expectExcessExact`'s checks), worked out once.
  const deadly = brawlWith([], 3, 2, { weapons: ["sax"], armour: "leather" });
  let worked: ReturnType<typeof expectExcessExact> | undefined;
  const fight = () => (worked ??= expectExcessExact(deadly, { maxRounds: 2 }));

  it(
    "every figure, mean health included, as with every total a run and hit points whole",
    () => {
      const { whole, kept, handed } = fight();
      expect(kept.runs).toBeLessThan(whole.runs);
      expect(kept.states).toBeLessThan(whole.states);
      // Somebody died below minus the maximum: the tally had hit points to add.
      expect(handed.length).toBeGreaterThan(0);
    },
    ENUMERATING,
  );

  it(
    "the damage roll's bounds one face too far change the figures",
    () => {
      for (const by of [
        { low: 1, high: 0 },
        { low: 0, high: -1 },
      ]) {
        const moved = fightOdds({ ...deadly, ruleset: boundsMoved(dungeonsOfOlde, by) }, [], {
          maxRounds: 2,
        });
        expect(oddsGap(fight().whole, moved)).toBeGreaterThan(1e-6);
      }
    },
    ENUMERATING,
  );
});
