// The groups of a round's action decision (procedures/choices.ts), as the console lists them under
// Attack, Move, Defend and Other: the duel's first decision, Aldric with broadsword and heater.
import { describe, expect, it } from "vitest";
import { Encounter } from "../../engine/encounter.js";
import { choicesAt } from "../../engine/test-support/scripted.js";
import { loadEncounter } from "./test-support/play.js";

const grouped = (e: Encounter, actor: string, question: string) =>
  choicesAt(e, 3, actor, question).map((c) => [c.group, c.value]);

describe("dungeons-of-olde's action options carry their groups", () => {
  it("Aldric's first action of the duel: attacks, the Shield Block, movements, pass", () => {
    expect(grouped(new Encounter(loadEncounter("duel.yaml")), "aldric", "action-1")).toEqual([
      ["attack", "strike:brenna:broadsword"],
      ["attack", "strike:brenna:unarmed"],
      ["defend", "block"],
      ["move", "move:brenna"],
      ["move", "withdraw"],
      ["move", "drop"],
      ["move", "flop"],
      // A movement then a block is a defence; a movement then anything but an attack, a move.
      ["defend", "move:brenna+block"],
      ["move", "move:brenna+flop"],
      ["defend", "withdraw+block"],
      ["move", "withdraw+flop"],
      ["other", "pass"],
    ]);
  });

  it("Weasel's sling at the old bridge: a shot after dropping prone is an attack, drawing a knife other", () => {
    const groups = new Map(
      grouped(
        new Encounter(loadEncounter("ambush-at-the-old-bridge.yaml")),
        "slinger",
        "action-1",
      ).map(([g, v]) => [v, g]),
    );
    expect(groups.get("shoot:corwin:sling")).toBe("attack");
    expect(groups.get("drop+shoot:corwin:sling")).toBe("attack");
    expect(groups.get("ready:throwing-knife")).toBe("other");
    expect(groups.get("use-item")).toBe("other");
    expect(groups.get("withdraw+ready:throwing-knife")).toBe("move");
    expect(groups.size).toBe(28);
    expect([...groups.values()].every((g) => g !== undefined)).toBe(true);
  });
});
