import { describe, expect, it } from "vitest";
import type { TurnOrderData } from "../types.js";
import { rollAsked, yoursNext } from "./player-screen.js";
import { nextInOrder } from "./turn-order.js";

// A Swords & Wizardry round at its counts (views.ts): Osric has acted, Orc 2 acts, Ysolde and
// Orc 4 wait, Tam is out.
const ORDER: TurnOrderData = {
  round: 2,
  entries: [
    { id: "osric", state: "done" },
    { id: "orc2", state: "acting" },
    { id: "tam", state: "out" },
    { id: "ysolde", state: "waiting" },
    { id: "orc4", state: "waiting" },
  ],
};

describe("whose turn comes next, on a player's screen", () => {
  it("names the player's combatant who acts after the one acting now, past those out", () => {
    expect(nextInOrder(ORDER)?.id).toBe("ysolde");
    expect(yoursNext(ORDER, ["ysolde"])).toBe("ysolde");
    expect(yoursNext(ORDER, ["osric", "ysolde"])).toBe("ysolde");
  });

  it("names none when the next is another's, or no one acts yet", () => {
    expect(yoursNext(ORDER, ["osric", "orc4"])).toBeUndefined();
    const before: TurnOrderData = {
      round: 2,
      entries: ORDER.entries.map((e) => ({ ...e, state: "waiting" as const })),
    };
    expect(nextInOrder(before)).toBeUndefined();
    expect(yoursNext(before, ["osric"])).toBeUndefined();
  });
});

describe("a roll's label in the banner of a player's screen", () => {
  it("does not name the roller twice", () => {
    expect(rollAsked("Tombril", "Tombril's damage")).toBe("damage");
    // karn's damage label: it read "Kell rolls damage of Kell's strike (Hand axe) at Orrin".
    expect(rollAsked("Kell", "damage of Kell's strike (Hand axe) at Orrin")).toBe(
      "damage of its strike (Hand axe) at Orrin",
    );
    // Another's name stays: "Orrin's" in Kell's strike is Orrin's dodge.
    expect(
      rollAsked(
        "Kell",
        "Kell's strike (Hand axe) at Orrin against Orrin's dodge (strike die, then dodge die)",
      ),
    ).toBe("strike (Hand axe) at Orrin against Orrin's dodge (strike die, then dodge die)");
    expect(rollAsked("the GM", "the ambush")).toBe("the ambush");
    expect(rollAsked("Kell", undefined)).toBeUndefined();
  });
});
