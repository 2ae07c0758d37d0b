import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ScriptContext } from "../../../engine/drivers/script.js";
import { play, skirmish, stateOf, texts, who } from "../test-support/play.js";
import { directDamage, staminaDamage } from "./stamina-and-injuries.js";

const ann = { id: "ann", name: "Ann", level: 1, str: 2, weapons: ["club"] };
const bob = { id: "bob", name: "Bob", stamina: 5, injurySlots: 6, weapons: ["club"] };

describe("stamina then injuries", () => {
  it("Resolving Combat: damage drains stamina first; past zero it becomes Direct Damage", () => {
    const e = play(skirmish([ann], [bob]), [4, "attack:bob:club", 5]);
    expect(who(e, "bob").stamina).toBe(0);
    expect(who(e, "bob").injuries).toBe(2);
    expect(texts(e)).toContain(
      "cartyrion, Resolving Combat: 5 SP are taken from Bob's 5, leaving 0 SP; the other 2 points become Direct Damage",
    );
    expect(texts(e)).toContain(
      "cartyrion, Resolving Combat: 2 Direct Damage to Bob fills 2 slots: 2/6 injury slots",
    );
  });

  it("injury slots: one slot per point of Direct Damage, or one per blow (switch injurySlots)", () => {
    const blow = play(skirmish([ann], [{ ...bob, stamina: 0 }], {}, { injurySlots: "blow" }), [
      4,
      "attack:bob:club",
      5,
    ]);
    expect(who(blow, "bob").injuries).toBe(1);
    expect(texts(blow)).toContain(
      "cartyrion, Resolving Combat: 7 Direct Damage to Bob fills one slot for the blow: 1/6 injury slots",
    );
  });

  it("when every slot is filled the combatant is dead, or down (switch slotsFull)", () => {
    const dead = play(skirmish([ann], [{ ...bob, stamina: 0 }]), [4, "attack:bob:club", 5]);
    expect(who(dead, "bob").status).toBe("dead");
    expect(dead.status).toEqual({
      kind: "over",
      outcome: { winner: "party", reason: "Ann holds the field: Bob is dead" },
    });
    const down = play(skirmish([ann], [{ ...bob, stamina: 0 }], {}, { slotsFull: "down" }), [
      4,
      "attack:bob:club",
      5,
    ]);
    expect(who(down, "bob").status).toBe("down");
  });

  it("stamina never goes below 0, injuries never pass the slots, and a combatant is out exactly when they are full", () => {
    const base = stateOf(play(skirmish([ann], [{ ...bob, stamina: 12, injurySlots: 9 }]), []));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 15 })), { maxLength: 12 }),
        fc.constantFrom("point", "blow"),
        (hits, rule) => {
          const state = structuredClone(base);
          state.switches = { ...state.switches, injurySlots: rule as "point" | "blow" };
          const target = who(state, "bob");
          const ctx = ScriptContext.fromValues([], "cartyrion");
          for (const [direct, amount] of hits) {
            if (direct) directDamage(state, target, amount, ctx);
            else staminaDamage(state, target, amount, ctx);
            expect(target.stamina).toBeGreaterThanOrEqual(0);
            expect(target.injuries).toBeLessThanOrEqual(target.slots);
            expect(target.status === "fighting").toBe(target.injuries < target.slots);
          }
        },
      ),
      { seed: 11 },
    );
  });
});
