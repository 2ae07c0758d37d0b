// Combat Pairings and 7. Start Over: who faces whom each melee, and when the fight is over.
import { describe, expect, it } from "vitest";
import { outcome } from "../outcome.js";
import { encounterState, meleeWith, who } from "../test-support/table.js";

describe("Combat Pairings", () => {
  it("two travellers against three brigands: each faces a foe; the brigand left over joins a pairing", () => {
    const state = encounterState("ambush-in-the-pass.yaml");
    const ctx = meleeWith(state, []);
    expect(ctx.explanations).toContain(
      "karn, Combat Pairings: Hedda with Kell with Sly; Orrin with Varn",
    );
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
