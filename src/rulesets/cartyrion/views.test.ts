import { describe, expect, it } from "vitest";
import { cartyrion } from "./index.js";
import { play, skirmish, stateOf } from "./test-support/play.js";

describe("views", () => {
  const def = skirmish(
    [{ id: "ann", name: "Ann", level: 3, stamina: 20, shield: "buckler", weapons: ["longsword"] }],
    [
      { id: "bob", name: "Bob", stamina: 10, injurySlots: 6, weapons: ["club"] },
      { id: "cat", name: "Cat", stamina: 10, weapons: ["dagger"] },
    ],
    { concealed: ["cat"], distance: 20 },
  );

  it("the GM sees everything; a side sees its foes only vaguely and not at all when concealed", () => {
    const s = stateOf(play(def, [4, "attack:bob:longsword", 7]));
    const gm = cartyrion.view(s, { kind: "gm" });
    expect(gm.find((v) => v.id === "bob")!.status).toBe("3/10 SP, 0/6 injuries");
    expect(gm.find((v) => v.id === "cat")!.status).toBe("10/10 SP, 0/10 injuries, concealed");
    const party = cartyrion.view(s, { kind: "side", side: "party" });
    expect(party.find((v) => v.id === "bob")).toEqual({
      id: "bob",
      name: "Bob",
      side: "foes",
      status: "tiring",
      out: false,
      fields: { inHand: "club", shield: null, position: 20 },
    });
    expect(party.find((v) => v.id === "cat")).toEqual({
      id: "cat",
      name: "Cat",
      side: "foes",
      status: "unseen",
      out: false,
      fields: {},
    });
    expect(party.find((v) => v.id === "ann")).toEqual(gm.find((v) => v.id === "ann"));
    const foes = cartyrion.view(s, { kind: "side", side: "foes" });
    expect(foes.find((v) => v.id === "ann")!.fields).toEqual({
      inHand: "longsword",
      shield: "buckler",
      position: 15,
    });
  });
});
