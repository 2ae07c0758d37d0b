import { describe, expect, it } from "vitest";
import type { CombatantView } from "./ruleset.js";
import { foeView, hurtLooks, viewsBySide } from "./views.js";

const ann = { id: "ann", name: "Ann", side: "party" };
const orc = { id: "orc", name: "Orc", side: "orcs" };
const sword = { conditions: [], details: [{ label: "Weapon", value: "sword" }] };
const full = (c: typeof ann): CombatantView => foeView(c, false, "full", sword);
const foe = (c: typeof ann): CombatantView => foeView(c, false, "foe", sword);

describe("views by side", () => {
  it("shows the GM everyone in full, a side itself in full and its foes as foes", () => {
    const looks = (v: readonly CombatantView[]) => v.map((c) => c.status);
    expect(looks(viewsBySide([ann, orc], { kind: "gm" }, full, foe))).toEqual(["full", "full"]);
    expect(looks(viewsBySide([ann, orc], { kind: "side", side: "orcs" }, full, foe))).toEqual([
      "foe",
      "full",
    ]);
  });

  it("a foe out of the fight says how, as its full view does; one still in says nothing of it", () => {
    // dungeons-of-olde's Fletch left the fight unhurt: his foes read "healthy" and no more.
    const gone = (c: typeof ann): CombatantView => ({
      ...foeView(c, true, "left the fight: 4/9 HP", sword),
      outAs: "left the fight",
    });
    const looksHealthy = (c: typeof ann): CombatantView => foeView(c, true, "healthy", sword);
    const [, fletch] = viewsBySide([ann, orc], { kind: "side", side: "party" }, gone, looksHealthy);
    expect(fletch).toMatchObject({ status: "healthy", out: true, outAs: "left the fight" });
    expect(fletch!.health).toEqual([]);
    // In the fight: nothing to say, whatever the full view holds.
    const still = (c: typeof ann): CombatantView => foeView(c, false, "healthy", sword);
    const [, orc2] = viewsBySide([ann, orc], { kind: "side", side: "party" }, gone, still);
    expect(orc2!.outAs).toBeUndefined();
  });

  it("a foe shows how it looks and what is plain to see, never its health bars", () => {
    const plain = {
      conditions: [{ id: "dazed", label: "dazed" }],
      details: [{ label: "Weapon", value: "club" }],
      place: { at: 3, label: "at 3" },
    };
    expect(foeView(orc, true, "badly wounded", plain)).toEqual({
      ...orc,
      status: "badly wounded",
      out: true,
      health: [],
      ...plain,
    });
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
