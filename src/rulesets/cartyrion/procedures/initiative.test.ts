import { describe, expect, it } from "vitest";
import { readInitiative } from "../data/initiative-tables.js";
import { pending, play, skirmish, texts, who } from "../test-support/play.js";

const A = { id: "ann", name: "Ann", weapons: ["shortsword"] };
const B = { id: "bob", name: "Bob", weapons: ["club"] };

describe("initiative and surprise", () => {
  it("Determining Turn Order: 1-3 the opponents act first, 4-6 the party", () => {
    for (const face of [1, 2, 3])
      expect(readInitiative("standard", face)).toMatchObject({
        first: "opponents",
        surprised: null,
      });
    for (const face of [4, 5, 6])
      expect(readInitiative("standard", face)).toMatchObject({ first: "party", surprised: null });
    expect(pending(play(skirmish([A], [B]), [2]))).toBe("bob:action");
    expect(pending(play(skirmish([A], [B]), [4]))).toBe("ann:action");
  });

  it("Surprise: in the first round a 1 means the opponents surprise the party, a 6 the reverse", () => {
    const faces = [1, 2, 3, 4, 5, 6].map((f) => readInitiative("unexpected", f));
    expect(faces.map((r) => r.surprised)).toEqual(["party", null, null, null, null, "opponents"]);
    expect(faces.map((r) => r.first)).toEqual([
      "opponents",
      "opponents",
      "opponents",
      "party",
      "party",
      "party",
    ]);
    const e = play(skirmish([A], [B], { start: "unexpected" }), [1, "attack:ann:club", false, 3]);
    // Ann is surprised: the next thing asked is round 2's initiative.
    expect(pending(e)).toBe("roll: initiative");
    expect(texts(e)).toContain(
      "cartyrion, Surprise: Ann is surprised and takes no turn this round",
    );
  });

  it("Surprise: the opponents' ambush: 1-2 surprise, 3 the ambushers first, 4-6 the party detects it", () => {
    const faces = [1, 2, 3, 4, 5, 6].map((f) => readInitiative("opponents-ambush", f));
    expect(faces.map((r) => [r.first, r.surprised])).toEqual([
      ["opponents", "party"],
      ["opponents", "party"],
      ["opponents", null],
      ["party", null],
      ["party", null],
      ["party", null],
    ]);
    // Played: a 2 surprises Ann (Bob strikes, she takes no turn); a 4 lets her act first.
    const def = skirmish([A], [B], { start: "opponents-ambush" });
    const ambushed = play(def, [2, "attack:ann:club", false, 3]);
    expect(texts(ambushed)).toContain(
      "cartyrion, Surprise: Ann is surprised and takes no turn this round",
    );
    expect(pending(ambushed)).toBe("roll: initiative");
    expect(pending(play(def, [4]))).toBe("ann:action");
  });

  it("Surprise: the party's ambush: 5-6 surprise, 4 the party first, 1-3 the opponents detect it", () => {
    const faces = [1, 2, 3, 4, 5, 6].map((f) => readInitiative("party-ambush", f));
    expect(faces.map((r) => [r.first, r.surprised])).toEqual([
      ["opponents", null],
      ["opponents", null],
      ["opponents", null],
      ["party", null],
      ["party", "opponents"],
      ["party", "opponents"],
    ]);
    const e = play(skirmish([A], [B], { start: "party-ambush" }), [5, "attack:bob:shortsword"]);
    expect(pending(e)).toBe("gm:dex-applies"); // Bob is surprised: does his DEX count?
  });

  it("Surprise: a reverse ambush is the GM's ruling, an AWA check by default", () => {
    const def = skirmish([{ ...A, awa: 3 }], [{ ...B, awa: 1 }], {
      start: "opponents-ambush",
      reverseAmbush: true,
    });
    const asked = play(def, []);
    expect(pending(asked)).toBe("gm:reverse-ambush");
    const s = asked.status;
    if (s.kind !== "pending" || s.choice.kind !== "decide") throw new Error("expected a decision");
    expect(asked.tacticAnswer).toBe("awareness");
    // The party's AWA check 10 + 3 beats DC 11: the party reads the die as the ambushers; a 6 surprises Bob.
    const reversed = play(def, ["awareness", 10, 6, "wait"]);
    expect(texts(reversed)).toContain(
      "cartyrion, Surprise: the ambush is reversed: the party read the die as the ambushers",
    );
    expect(pending(reversed)).toBe("roll: initiative");
    // A failed check: nobody is surprised; the GM may also let the ambush stand.
    expect(texts(play(def, ["awareness", 2, 1]))).toContain(
      "cartyrion, Surprise: nobody can be surprised: the ordinary initiative roll",
    );
    expect(texts(play(def, ["ambush", 1]))).toContain(
      "cartyrion, Surprise: initiative die 1: the ambush succeeds and the party is surprised (1 or 2)",
    );
  });

  it("Surprise: the surprised take no turn in the first round, except those who cannot be surprised", () => {
    const def = skirmish(
      [A, { id: "cat", name: "Cat", cannotBeSurprised: true, weapons: ["dagger"] }],
      [B],
      { start: "unexpected" },
    );
    const e = play(def, [1, "attack:ann:club", false, 2]);
    expect(texts(e)).toContain("cartyrion, Surprise: Cat cannot be surprised and takes its turn");
    expect(pending(e)).toBe("cat:action");
    expect(who(e, "ann").surprised).toBe(true);
  });

  it("Surprise: every later round begins with the standard initiative roll", () => {
    const def = skirmish([A], [B], { start: "party-ambush" });
    const e = play(def, [6, "attack:bob:shortsword", false, 1, 1]);
    expect(texts(e)).toContain(
      "cartyrion, Determining Turn Order: Initiative: initiative die 1: the opponents act first (1 to 3)",
    );
    expect(who(e, "bob").surprised).toBe(false);
    expect(pending(e)).toBe("bob:action");
  });
});
