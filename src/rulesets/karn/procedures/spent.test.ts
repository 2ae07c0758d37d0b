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

const brawler = { initiative: 0, alt: 50, hp: 6, sp: 6, strike: 0, damageBonus: 0, actions: 1 };
/** Two brawlers: one with a club, one with fists, a parry and the counterstrike skill. */
const brawl = parseEncounterFile(
  {
    ruleset: "karn",
    title: "a short brawl",
    sides: [{ id: "north" }, { id: "south" }],
    combatants: [
      { id: "ann", name: "Ann", side: "north", ...brawler, attacks: ["club"] },
      {
        id: "bob",
        name: "Bob",
        side: "south",
        ...brawler,
        parry: 1,
        counterstrike: true,
        attacks: ["punch"],
      },
    ],
  },
  { karn },
  "test",
);

/** The first melee with its initiative won by fighter `winner`: its declarations to come. */
function afterInitiative(winner: number): KarnState {
  const state = karn.setup(brawl.setup);
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
