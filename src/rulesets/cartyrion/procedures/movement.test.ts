import { describe, expect, it } from "vitest";
import { pending, play, skirmish, texts, who } from "../test-support/play.js";

const archer = {
  id: "wren",
  name: "Wren",
  awa: 2,
  move: 30,
  weapons: [{ weapon: "shortbow", specialised: true }],
};
const brute = { id: "bob", name: "Bob", move: 25, weapons: ["club"] };

describe("movement", () => {
  it("Movement: up to Move, some before the action and some after", () => {
    // Wren is 5 ft from Bob: she steps back to 10 ft to shoot (5 ft before), then uses the other
    // 25 ft of her Move after the shot.
    const e = play(skirmish([archer], [brute]), [4, "attack:bob:shortbow/back", 3, 2]);
    const t = texts(e);
    expect(t).toContain(
      "cartyrion, Movement: Wren steps back (a ranged attack needs at least 10 ft) from Bob: 5 ft (now 5 ft behind the start line)",
    );
    expect(t).toContain(
      "cartyrion, Movement: Wren steps back: 25 ft (now 30 ft behind the start line)",
    );
    expect(who(e, "wren").pos).toBe(-30);
    // Bob cannot close 35 ft with a Move of 25: a charge is offered, a plain attack is not.
    const s = e.status;
    if (s.kind !== "pending" || s.choice.kind !== "decide") throw new Error("expected a decision");
    const values = s.choice.options.choices!.map((c) => c.value);
    expect(values).toContain("charge:wren:club");
    expect(values).not.toContain("attack:wren:club");
  });

  it("Movement: Dash and Leap add movement beyond Move, as far as the GM rules", () => {
    const def = skirmish([archer], [brute], { distance: 100 });
    const dashed = play(def, [1, "dash:wren"]);
    expect(pending(dashed)).toBe("gm:dash");
    const s = dashed.status;
    if (s.kind !== "pending" || s.choice.kind !== "decide") throw new Error("expected a decision");
    expect(dashed.tacticAnswer).toBe(25);
    expect(who(play(def, [1, "dash:wren", 25]), "bob").pos).toBe(50);
    expect(who(play(def, [1, "leap:wren", 10]), "bob").pos).toBe(65);
    expect(who(play(def, [1, "advance:wren"]), "bob").pos).toBe(75);
  });

  it("Movement: movement forced by an effect is not part of the turn's movement", () => {
    const def = skirmish([archer], [brute], { distance: 20 });
    const e = play(def, [1, "other", "push:wren:15", "advance:bob"]);
    expect(texts(e)).toContain(
      "cartyrion, Movement: the GM rules Wren is moved 15 ft (not part of its own movement)",
    );
    // Wren was pushed to -15 and still has her whole Move of 30.
    expect(who(e, "wren").pos).toBe(15);
  });

  it("Movement: a held combatant cannot move", () => {
    const def = skirmish([archer], [{ ...brute, str: 3 }]);
    const e = play(def, [1, "grapple:wren", "held"]);
    expect(texts(e)).toContain("cartyrion, Actions: Wren is held by Bob and cannot move");
    expect(pending(e)).toBe("wren:action");
    const s = e.status;
    if (s.kind !== "pending" || s.choice.kind !== "decide") throw new Error("expected a decision");
    const values = s.choice.options.choices!.map((c) => c.value);
    expect(values).toContain("break-free");
    expect(
      values.filter((v) => typeof v === "string" && /^(withdraw|dash|leap|advance|charge)/.test(v)),
    ).toEqual([]);
    // Breaking free (the GM's ruling) lets her move again.
    const free = play(def, [1, "grapple:wren", "held", "break-free", "free"]);
    expect(who(free, "wren").heldBy).toBe("");
  });
});
