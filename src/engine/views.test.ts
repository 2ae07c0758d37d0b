import { describe, expect, it } from "vitest";
import type { CombatantView } from "./ruleset.js";
import { foeView, hurtLooks, viewsBySide } from "./views.js";

const ann = { id: "ann", name: "Ann", side: "party" };
const orc = { id: "orc", name: "Orc", side: "orcs" };
const full = (c: typeof ann): CombatantView => foeView(c, false, "sword", "full", {});
const foe = (c: typeof ann): CombatantView => foeView(c, false, "sword", "foe", {});

describe("views by side", () => {
  it("shows the GM everyone in full, a side itself in full and its foes as foes", () => {
    const looks = (v: readonly CombatantView[]) => v.map((c) => c.status);
    expect(looks(viewsBySide([ann, orc], { kind: "gm" }, full, foe))).toEqual(["full", "full"]);
    expect(looks(viewsBySide([ann, orc], { kind: "side", side: "orcs" }, full, foe))).toEqual([
      "foe",
      "full",
    ]);
  });

  it("a foe shows its gear, how it looks, and what else is plain, in that order", () => {
    const v = foeView(orc, true, "club", "badly wounded", { ranges: { ann: "melee" } });
    expect(v).toEqual({
      ...orc,
      status: "badly wounded",
      out: true,
      fields: { gear: "club", looks: "badly wounded", ranges: { ann: "melee" } },
    });
    expect(Object.keys(v.fields)).toEqual(["gear", "looks", "ranges"]);
  });

  it("a fighter looks wounded above half its hit points, badly wounded at half or below", () => {
    expect([hurtLooks(10, 10), hurtLooks(6, 10), hurtLooks(5, 10), hurtLooks(-1, 10)]).toEqual([
      "unhurt",
      "wounded",
      "badly wounded",
      "badly wounded",
    ]);
  });
});
