// Morale: the GM decides when monsters abandon the battle; the fearless fight to the death.
import { describe, expect, it } from "vitest";
import { get, stateWith, Table } from "../test-support/table.js";
import { moraleQuestion } from "./gm-questions.js";
import { checkMorale } from "./morale.js";

function band(fearless: boolean) {
  const s = stateWith([
    { id: "hrolf", side: "a", level: 3, hitPoints: 20 },
    { id: "o1", side: "b", hitDice: 1, hitPoints: 5, fearless },
    { id: "o2", side: "b", hitDice: 1, hitPoints: 5, fearless },
  ]);
  get(s, "o1").status = "dead";
  return s;
}

describe("Morale", () => {
  it("when half its side is down, the GM decides whether a monster fights on, flees or surrenders (default: flee when losing)", () => {
    const s = band(false);
    const t = new Table(["policy"]);
    checkMorale(s, t);
    expect(t.asked).toEqual(["gm:morale"]);
    expect(get(s, "o2").routed).toBe(true);
    // Each answer names the monster: the GM's answer heads the step.
    expect(moraleQuestion(s, get(s, "o2")).choices!().map((c) => c.label)).toEqual([
      "o2 fights on",
      "o2 flees",
      "o2 surrenders",
    ]);
    // It is asked once for that.
    const again = new Table([]);
    checkMorale(s, again);
    expect(again.asked).toEqual([]);
  });

  it("mindless or undead creatures are fearless and always fight to the death", () => {
    const t = new Table([]);
    checkMorale(band(true), t);
    expect(t.asked).toEqual([]);
  });

  it("a surrender takes the monster out of the fight", () => {
    const s = band(false);
    checkMorale(s, new Table(["surrender"]));
    expect(get(s, "o2").status).toBe("surrendered");
  });
});
