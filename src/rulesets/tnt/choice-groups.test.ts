// The groups of a turn's decisions (procedures/moves.ts: changing the range; procedures/
// decisions.ts: the combat dice of each attack), as the console lists them under Attack, Move,
// Defend and Other.
import { describe, expect, it } from "vitest";
import { Encounter } from "../../engine/encounter.js";
import { choicesAt, exampleFiles, groupValues } from "../../engine/test-support/scripted.js";
import { tnt } from "./index.js";

const { loadEncounter } = exampleFiles({ tnt }, "tnt");

describe("tnt's turn options carry their groups", () => {
  it("Hild in the group fight: each change of range a move, staying put other", () => {
    const e = new Encounter(loadEncounter("group-fight.yaml"));
    expect(groupValues(choicesAt(e, 3, "hild", "move"))).toEqual(
      new Map([
        ["other", ["stay"]],
        [
          "move",
          [
            "disengaged:cutter",
            "melee:cutter",
            "disengaged:knuckles",
            "melee:knuckles",
            "disengaged:weasel",
            "melee:weasel",
          ],
        ],
      ]),
    );
  });

  it("Aldric's 3 combat dice in the duel: every split with an attack attacks, none defends", () => {
    const e = new Encounter(loadEncounter("duel.yaml"));
    expect(groupValues(choicesAt(e, 3, "aldric", "attack-dice"))).toEqual(
      new Map([
        ["attack", [[3], [2, 1], [1, 1, 1], [2], [1, 1], [1]]],
        ["defend", [[]]],
      ]),
    );
  });
});
