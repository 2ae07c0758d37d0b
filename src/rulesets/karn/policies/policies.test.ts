// The default policies: every answer is one of the listed choices, and they play as a sensible
// player would (defend what is worth defending, dodge a flurry, flee a lost fight, pick up a
// dropped weapon, answer counterattacks with saved actions).
import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/random.js";
import { fightToTheEnd } from "../../../engine/test-support/checked-policy.js";
import { karn } from "../index.js";
import { encounterState, loadEncounter, meleeWith, pair, who } from "../test-support/table.js";

describe("the policies' answers", () => {
  it("are always among the choices listed for the table and the advisor (whole fights of every example)", () => {
    for (const file of ["duel.yaml", "ambush-in-the-pass.yaml", "chip-and-salemath.yaml"]) {
      const def = loadEncounter(file);
      for (let seed = 0; seed < 12; seed += 1) {
        fightToTheEnd(karn, karn.setup(def.setup), Rng.stream(seed, 3), undefined, 60);
      }
    }
  });

  it("a duel ends in a few melees, and either side can win it", () => {
    const def = loadEncounter("duel.yaml");
    const winners = new Set<string | null>();
    let melees = 0;
    for (let seed = 0; seed < 60; seed += 1) {
      const state = karn.setup(def.setup);
      fightToTheEnd(karn, state, Rng.stream(seed, 9));
      melees += state.melee;
      winners.add(karn.outcome(state)!.winner);
    }
    expect(melees / 60).toBeLessThan(8);
    expect(winners.has("chip") && winners.has("axeman")).toBe(true);
  });
});

describe("the defender", () => {
  it("blocks a strike it can stop rather than taking it, when it has nothing better to do", () => {
    const ctx = meleeWith(
      pair({ actions: 1, strike: 2, attacks: ["longsword"] }, { actions: 1, block: 4 }),
      [],
      {
        "ann:action-1": "strike",
      },
    );
    expect(ctx.asked).toContain('bob:defence-1="block"');
  });

  it("dodges a flurry of quarter strikes (one dodge covers them all)", () => {
    const ctx = meleeWith(
      pair({ actions: 2, strike: 4, attacks: ["longsword"] }, { actions: 2, block: 2, dodge: 3 }),
      [],
      { "ann:action-1": "four-quarters", "ann:action-2": "four-quarters" },
    );
    expect(ctx.asked).toContain('bob:defence-1="dodge"');
  });
});

describe("the initiative winner", () => {
  it("saves no action for defence against a foe that cannot counterstrike", () => {
    const ctx = meleeWith(
      pair({ actions: 3, strike: 3, attacks: ["longsword"] }, { actions: 2, block: 3 }),
      [],
    );
    expect(
      ctx.asked.filter((a) => a.startsWith("ann:action-")).some((a) => a.includes("save")),
    ).toBe(false);
  });

  // 2. Winner Chooses Attack(s): actions are saved "for defense against any possible counterstrikes
  // the defender may take"; Multiple Attackers Or Defenders: a character "can only focus on one
  // opponent at a time", and Chip's counterstrikes go at the orc he faces.
  it("three orcs win the initiative against Chip: the two he does not face strike rather than save their one action", () => {
    const state = encounterState("three-orcs.yaml");
    const ctx = meleeWith(state, [[1], [15], [2], [2]], { "chip:opponent": "grub" });
    expect(ctx.explanations).toContain(
      "karn, 1. Initiative: Grub has the highest total (15): Grub wins the initiative, and so does its side",
    );
    const actions = ctx.asked.filter((a) => /^(snaga|ugluk):action-1=/.test(a));
    expect(actions).toHaveLength(2);
    expect(actions.filter((a) => a.includes("save"))).toEqual([]);
  });

  it("flees when badly hurt against a healthier foe", () => {
    const state = pair({ actions: 2, hp: 16, attacks: ["longsword"] }, { actions: 2, hp: 16 });
    who(state, "ann").hp = 3;
    const ctx = meleeWith(state, [[90]]);
    expect(ctx.asked).toContain('ann:action-1="flee"');
  });

  it("picks up a dropped weapon before striking with its fists", () => {
    const state = pair({ actions: 2, strike: 3, attacks: ["longsword", "punch"] }, { actions: 1 });
    who(state, "ann").held[0] = 1;
    const ctx = meleeWith(state, []);
    expect(ctx.asked[0]).toBe('ann:action-1="pick-up:longsword"');
  });

  it("answers a counterattack with its saved action", () => {
    const ctx = meleeWith(
      pair(
        { actions: 2, strike: 2, block: 3, attacks: ["longsword"] },
        { actions: 2, counterstrike: true, strike: 2 },
      ),
      [],
      {
        "ann:action-1": "strike",
        "ann:action-2": "save",
        "bob:defence-1": "none",
        "bob:counter-1": "strike",
        "bob:counter-2": "none",
      },
    );
    expect(ctx.asked).toContain('ann:answer-1="block:saved"');
  });
});

describe("the GM's defaults", () => {
  it("the GM rolls on the fumble chart rather than ruling the fumble", () => {
    const state = encounterState("chip-and-salemath.yaml");
    const ctx = meleeWith(state, [[15], [1], [1], [50], [3]], {
      "chip:action-1": "strike",
      "chip:action-2": "strike",
      "chip:action-3": "strike",
      "chip:strike": "longsword",
      "salemath:defence-1": "none",
      "salemath:defence-2": "none",
      "salemath:defence-3": "none",
    });
    expect(ctx.asked).toContain('gm:fumble="chart"');
  });
});
