// Morale: the GM decides when monsters abandon the battle; the fearless fight to the death.
import { describe, expect, it } from "vitest";
import { get, stateWith, Table } from "../test-support/table.js";
import { loadEncounter } from "../test-support/play.js";
import { swordsWizardryFitz } from "../index.js";
import { listActions } from "./actions.js";
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
    expect(get(s, "o2").steady.routed).toBe(true);
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

  it("group-fight.yaml: Gorbag the chief, fearless, is never offered to turn tail and run (Retreating: a run leaves the fight), though his band is down and the party on him; he may back away; Orc 2 may run", () => {
    const s = swordsWizardryFitz.setup(loadEncounter("group-fight.yaml").setup);
    const chief = get(s, "chief");
    for (const id of ["orc1", "orc3", "orc4"]) get(s, id).status = "dead";
    for (const id of ["hrolf", "mirelle", "tam", "orc2"]) get(s, id).pos = chief.pos + 5;
    s.combatants.forEach((c) => (c.slots = [{ count: 3, use: "main", done: false, held: false }]));
    const moves = (id: string) =>
      listActions(s, get(s, id), 0)
        .filter((c) => c.group === "move")
        .map((c) => c.value);
    expect(moves("chief")).toEqual(["retreat:free", "retreat:careful"]);
    expect(moves("orc2")).toContain("retreat:run");
  });

  it("a surrender takes the monster out of the fight", () => {
    const s = band(false);
    checkMorale(s, new Table(["surrender"]));
    expect(get(s, "o2").status).toBe("surrendered");
  });
});
