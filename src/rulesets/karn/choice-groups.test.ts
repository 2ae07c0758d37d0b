// The groups of a melee's declarations (procedures/declare.ts: the winner's actions, the
// defender's defences and counterattacks, the winner's answers), as the console lists them under
// Attack, Move, Defend and Other.
import { describe, expect, it } from "vitest";
import { Encounter } from "../../engine/encounter.js";
import { choicesAt, groupValues } from "../../engine/test-support/scripted.js";
import { loadEncounter } from "./test-support/table.js";

describe("karn's declarations carry their groups", () => {
  it("Chip's first full action: the strike forms attack, saving it defends, fleeing moves", () => {
    const e = new Encounter(loadEncounter("chip-and-salemath.yaml"));
    expect(groupValues(choicesAt(e, 3, "chip", "action-1"))).toEqual(
      new Map([
        [
          "attack",
          [
            "strike",
            "two-halves",
            "half-and-quarters",
            "four-quarters",
            "half-quarter-and-save",
            "three-quarters-and-save",
            "half-and-save",
            "two-quarters-and-save",
            "quarter-and-save",
          ],
        ],
        ["defend", ["save"]],
        ["move", ["flee"]],
      ]),
    );
  });

  it("three orcs: Chip's defence, his counterattack, and Snaga's answer to it", () => {
    const e = new Encounter(loadEncounter("three-orcs.yaml"));
    // Chip's player has him face Grub.
    choicesAt(e, 3, "chip", "opponent");
    e.give({ kind: "decide", actor: "chip", question: "opponent", value: "grub" });
    expect(groupValues(choicesAt(e, 3, "chip", "defence-1"))).toEqual(
      new Map([
        ["other", ["none"]],
        [
          "defend",
          ["block", "block-half", "block-quarter", "parry", "parry-half", "parry-quarter", "dodge"],
        ],
      ]),
    );
    expect(groupValues(choicesAt(e, 3, "chip", "counter-1"))).toEqual(
      new Map([
        ["other", ["none"]],
        ["attack", ["strike", "half", "quarter"]],
      ]),
    );
    expect(groupValues(choicesAt(e, 3, "snaga", "answer-1"))).toEqual(
      new Map([
        ["other", ["none"]],
        ["defend", ["block:cancel-1", "block:alter-1", "parry:cancel-1", "parry:alter-1", "dodge"]],
      ]),
    );
  });
});
