// The groups of a round's plan, Base Combat Bonus and action decisions (procedures/plans.ts,
// procedures/actions.ts), as the console lists them under Attack, Move, Defend and Other.
import { describe, expect, it } from "vitest";
import { Encounter } from "../../engine/encounter.js";
import { choicesAt, groupValues } from "../../engine/test-support/scripted.js";
import { loadEncounter } from "./test-support/play.js";

describe("swords-wizardry-fitz's action options carry their groups", () => {
  it("the duel: Sir Aldous's plan and BCB, then the Black Knight's action", () => {
    const e = new Encounter(loadEncounter("duel.yaml"));
    expect(groupValues(choicesAt(e, 3, "aldous", "plan"))).toEqual(
      new Map([["attack", ["fight", "charge:black-knight"]]]),
    );
    expect(groupValues(choicesAt(e, 3, "aldous", "bcb"))).toEqual(
      new Map<string, unknown[]>([
        ["attack", [2, 1, 0]],
        ["defend", ["defend"]],
      ]),
    );
    expect(groupValues(choicesAt(e, 3, "black-knight", "action"))).toEqual(
      new Map([
        ["attack", ["attack:aldous:two-handed-sword", "attack:aldous:unarmed"]],
        ["move", ["close:aldous", "retreat:run"]],
        ["other", ["hold", "wait"]],
      ]),
    );
  });
});
