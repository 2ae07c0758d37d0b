// What each viewer sees of a combatant.
import { describe, expect, it } from "vitest";
import { view } from "./views.js";
import { encounterState, who } from "./test-support/table.js";

describe("views", () => {
  it("the GM sees everything; a side sees its own fully and its foes' gear and looks", () => {
    const state = encounterState("chip-and-salemath.yaml");
    who(state, "salemath").hp = 5;
    const gm = view(state, { kind: "gm" });
    expect(gm.find((c) => c.id === "salemath")!.status).toBe("5/14 HP, 16/16 SP");
    const chipSide = view(state, { kind: "side", side: "chip" });
    const foe = chipSide.find((c) => c.id === "salemath")!;
    expect(foe.status).toBe("badly wounded");
    expect(foe.fields).not.toHaveProperty("hp");
    expect(chipSide.find((c) => c.id === "chip")).toEqual(gm.find((c) => c.id === "chip"));
  });
});
