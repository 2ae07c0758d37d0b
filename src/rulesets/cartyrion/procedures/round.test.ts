import { describe, expect, it } from "vitest";
import { pending, play, skirmish, texts } from "../test-support/play.js";

const A = { id: "ann", name: "Ann", weapons: ["shortsword"] };
const C = { id: "cat", name: "Cat", weapons: ["dagger"] };
const B = { id: "bob", name: "Bob", weapons: ["club"] };

describe("the combat round", () => {
  it("a round: initiative, the first side's turns, then the other side's", () => {
    const e = play(skirmish([A], [B]), [4, "attack:bob:shortsword", 2, "attack:ann:club", 3]);
    expect(e.round).toBe(1);
    expect(pending(e)).toBe("roll: initiative");
    const order = texts(e).filter((t) => t.includes("rolls 1d"));
    expect(order.map((t) => t.split(" rolls")[0])).toEqual([
      "cartyrion, Resolving Combat: Ann",
      "cartyrion, Resolving Combat: Bob",
    ]);
  });

  it("Determining Turn Order: the side that acts chooses who goes next, one turn at a time", () => {
    const def = skirmish([A, C], [B]);
    const asked = play(def, [5]);
    expect(pending(asked)).toBe("party:next");
    const s = asked.status;
    if (s.kind !== "pending" || s.choice.kind !== "decide") throw new Error("expected a decision");
    expect(s.choice.options.choices?.map((c) => c.value)).toEqual(["ann", "cat"]);
    const e = play(def, [5, "cat", "attack:bob:dagger", 1]);
    expect(pending(e)).toBe("ann:action"); // the last member of the side is not asked about
  });

  it("a side with one member is not asked about the order", () => {
    expect(pending(play(skirmish([A], [B]), [1]))).toBe("bob:action");
  });
});
