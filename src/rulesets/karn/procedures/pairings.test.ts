// Combat Pairings and 7. Start Over: who faces whom each melee, and when the fight is over.
import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/random.js";
import { karn } from "../index.js";
import { outcome } from "../outcome.js";
import { SeenContext, encounterState, meleeWith, who } from "../test-support/table.js";

/** The opponents the players choose in `ambush-in-the-pass.yaml`'s first melee: two pairings. */
const TWO_PAIRINGS = {
  "hedda:opponent": "kell",
  "orrin:opponent": "varn",
  "kell:opponent": "hedda",
  "varn:opponent": "orrin",
  "sly:opponent": "hedda",
};

describe("Combat Pairings", () => {
  it("two travellers against three brigands: each faces a foe; the brigand left over joins a pairing", () => {
    const state = encounterState("ambush-in-the-pass.yaml");
    const ctx = meleeWith(state, [], TWO_PAIRINGS);
    expect(ctx.explanations).toContain(
      "karn, Combat Pairings: Hedda with Kell with Sly; Orrin with Varn",
    );
  });

  // 5. Roll and Compare: "Each pairing is rolled separately from each other ... Once all actions
  // are rolled and accounted for in one pairing, the GM moves on to the next pairing".
  it("each pairing is rolled separately, one after the other: the first pairing's melee is done before the second's initiative", () => {
    for (const seed of [1, 2, 3]) {
      const ctx = new SeenContext(Rng.stream(seed, 1), TWO_PAIRINGS);
      karn.round(encounterState("ambush-in-the-pass.yaml"), ctx);
      const rolls = ctx.seen.filter((e) => e.startsWith("roll "));
      const of = (names: readonly string[]) =>
        rolls.flatMap((r, i) => (names.some((n) => r.startsWith(`roll ${n}'s`)) ? [i] : []));
      const first = of(["Hedda", "Kell", "Sly"]);
      const second = of(["Orrin", "Varn"]);
      expect(first.length).toBeGreaterThan(1);
      expect(second.length).toBeGreaterThan(1);
      expect(Math.max(...first)).toBeLessThan(Math.min(...second));
    }
  });

  it("the players choose whom their combatants face", () => {
    const state = encounterState("ambush-in-the-pass.yaml");
    const ctx = meleeWith(state, [], {
      "hedda:opponent": "varn",
      "orrin:opponent": "kell",
      "sly:opponent": "orrin",
    });
    expect(ctx.explanations).toContain(
      "karn, Combat Pairings: Hedda with Varn; Orrin with Kell with Sly",
    );
  });

  it("7. Start Over: pairings may change at the start of a melee, but the last of a side keeps its opponent while it fights on", () => {
    const state = encounterState("ambush-in-the-pass.yaml");
    who(state, "orrin").status = "down";
    who(state, "hedda").facing = who(state, "sly").index;
    const ctx = meleeWith(state, []);
    expect(ctx.asked.some((a) => a.startsWith("hedda:opponent"))).toBe(false);
    expect(who(state, "hedda").facing).toBe(who(state, "sly").index);
  });
});

describe("7. Start Over: the end of the fight", () => {
  it("goes on while two sides have someone fighting; a side wins when every foe is down, unconscious or fled", () => {
    const state = encounterState("chip-and-salemath.yaml");
    expect(outcome(state)).toBeNull();
    who(state, "salemath").status = "fled";
    expect(outcome(state)).toEqual({ winner: "chip", reason: "Salemath fled" });
  });

  it("two who kill each other in the same melee: a draw", () => {
    const state = encounterState("chip-and-salemath.yaml");
    for (const f of state.fighters) f.status = "down";
    expect(outcome(state)?.winner).toBeNull();
  });

  it("at 0 SP a combatant collapses when the melee ends (switch staminaOut)", () => {
    const state = encounterState("chip-and-salemath.yaml");
    who(state, "chip").sp = 0;
    meleeWith(state, [], { "chip:forfeit": true, "salemath:forfeit": true });
    expect(who(state, "chip").status).toBe("unconscious");
  });
});
