import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TurnOrderData } from "../types.js";
import { TurnOrder } from "./turn-order.js";

// cartyrion's order at the start of a round, before its initiative die (views.ts).
const ORDER: TurnOrderData = {
  round: 2,
  entries: [
    { id: "tombril", state: "out" },
    { id: "giant", state: "waiting" },
  ],
  note: "the initiative die is not rolled yet",
};
const names: Record<string, string> = { tombril: "Tombril", giant: "Hill Giant" };
const text = (over: boolean) =>
  renderToStaticMarkup(
    createElement(TurnOrder, { order: ORDER, nameOf: (id) => names[id] ?? id, over }),
  ).replace(/<[^>]+>/g, "");

describe("the turn order strip", () => {
  it("says how the order comes about while the fight goes on", () => {
    expect(text(false)).toBe(
      "Round 2Tombril (out of the fight)Hill Giantthe initiative die is not rolled yet",
    );
  });

  it("once the fight is over, says the round it ended in, without an initiative to come", () => {
    expect(text(true)).toBe("Over after round 2Tombril (out of the fight)Hill Giant");
  });
});
