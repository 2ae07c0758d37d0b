// The melee's resumable points (after each pairing's initiative and after each action rolled,
// with the plan in the state: melee-plan.ts) and what exact odds forget (spent.ts): from a melee
// resumed after its initiative, the state graph (which stops, forgets and merges at every
// resumable point) gives exactly the end states that every path of the melee gives. (A whole
// melee from its start has millions of paths: 400 initiative rolls times those of each strike.)
import { describe, expect, it } from "vitest";
import { parseEncounterFile } from "../../../engine/encounter-file.js";
import { expectRoundMerged } from "../../../engine/test-support/state-merging.js";
import { karn } from "../index.js";
import type { KarnState } from "../state.js";
import { meleePlan } from "./melee-plan.js";
import { newAct, type Pairing } from "./melee-types.js";
import { forgetSpent } from "./spent.js";
import { staminaBounds } from "./stamina.js";

const brawler = { initiative: 0, alt: 50, hp: 6, sp: 6, strike: 0, damageBonus: 0, actions: 1 };
/** Two brawlers: one with a club, one with fists, a parry and the counterstrike skill. */
function brawlWith(sp: number, more: object = {}): ReturnType<typeof parseEncounterFile> {
  return parseEncounterFile(
    {
      ruleset: "karn",
      title: "a short brawl",
      sides: [{ id: "north" }, { id: "south" }],
      combatants: [
        { id: "ann", name: "Ann", side: "north", ...brawler, sp, attacks: ["club"] },
        {
          id: "bob",
          name: "Bob",
          side: "south",
          ...brawler,
          sp,
          parry: 1,
          counterstrike: true,
          attacks: ["punch"],
        },
      ],
      ...more,
    },
    { karn },
    "test",
  );
}
const brawl = brawlWith(6);

/** The first melee with its initiative won by fighter `winner`: its declarations to come. */
function afterInitiative(winner: number, def = brawl): KarnState {
  const state = karn.setup(def.setup);
  state.melee = 1;
  const p: Pairing = { state, acts: [], winners: [], defenders: [] };
  for (const f of state.fighters) p.acts.push(newAct(f, p));
  p.acts[winner]!.winner = true;
  p.winners = [p.acts[winner]!];
  p.defenders = [p.acts[1 - winner]!];
  state.plan = meleePlan([p], 0, "declare");
  return state;
}

describe("exact odds resume a melee inside and merge equal states there", () => {
  // Bob's initiative: his punch, then Ann's club in answer (10,599 paths; Ann's initiative, her
  // club first, passes 5,000,000).
  it("a melee after Bob won the initiative, by the state graph, ends as every path of it", () => {
    const { graphRuns, pathRuns, states } = expectRoundMerged(brawl, afterInitiative(1));
    expect(graphRuns).toBeLessThanOrEqual(pathRuns);
    expect(states).toBeGreaterThan(1);
  });
});

describe("an SP roll's totals that leave stamina alike are one branch (stamina.ts)", () => {
  // A critical's or a fumble's SP roll: every total that leaves SP at or under 0 branches once,
  // and every total once SP is unread; every path of the melee runs each total.
  it("a melee with little stamina, or stamina ignored, ends as every path of it", () => {
    for (const def of [brawlWith(2), brawlWith(6, { switches: { staminaOut: "ignored" } })]) {
      const { graphRuns, pathRuns } = expectRoundMerged(def, afterInitiative(1, def));
      expect(graphRuns).toBeLessThan(pathRuns);
    }
  });

  it("the bounds are tight: one total less leaves a state of its own", () => {
    const state = karn.setup(brawl.setup);
    const after = (sp: number, loss: number, hp = 6): string => {
      const s = structuredClone(state);
      const bob = s.fighters[1]!;
      bob.sp = sp;
      bob.hp = hp;
      bob.sp -= loss;
      forgetSpent(s);
      return JSON.stringify(s);
    };
    for (const sp of [5, 1, 0, -3]) {
      state.fighters[1]!.sp = sp;
      const { low, high } = staminaBounds(state, state.fighters[1]!);
      expect(low).toBe(-Infinity);
      for (let loss = 1; loss <= 24; loss += 1)
        expect(after(sp, loss) === after(sp, Math.max(high, 1)), `${sp} SP, ${loss} lost`).toBe(
          loss >= high,
        );
    }
    // Down when the melee ends (at or under 0 HP): its SP is read no more, every total alike.
    state.fighters[1]!.sp = 5;
    state.fighters[1]!.hp = 0;
    expect(staminaBounds(state, state.fighters[1]!)).toEqual({ low: Infinity, high: Infinity });
    for (let loss = 1; loss <= 24; loss += 1) expect(after(5, loss, 0)).toBe(after(5, 1, 0));
  });
});
