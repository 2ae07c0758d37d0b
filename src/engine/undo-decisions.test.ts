import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { Encounter } from "./encounter.js";
import { parseEncounterFile } from "./encounter-file.js";
import { answer, pending } from "./test-support/scripted.js";
import { skirmish } from "./test-support/skirmish.js";
import { redoDecisions, undoDecisions } from "./undo-decisions.js";

const file = fileURLToPath(new URL("./test-support/files/skirmish-duel.yaml", import.meta.url));
const duel = () => parseEncounterFile(parse(readFileSync(file, "utf8")), { skirmish }, file);

/** Ann's turn of the first round: a target, a stance, her damage roll of 4. */
const annsTurn = ["bob", "careful", 4];

describe("undo and redo by decisions", () => {
  it("takes back the last decision with the rolls after it, and nothing before it", () => {
    const e = answer(new Encounter(duel()), annsTurn);
    expect(undoDecisions(e)).toEqual({ decisions: 1, answers: 2 });
    expect(e.log.map((a) => a.kind)).toEqual(["decide"]);
    expect(pending(e)).toBe("ann:stance");
    expect(e.canRedo).toBe(2);
  });

  it("takes back a decision whose roll is still pending, and several decisions at once", () => {
    const e = answer(new Encounter(duel()), ["bob", "careful"]);
    expect(undoDecisions(e)).toEqual({ decisions: 1, answers: 1 });
    expect(pending(e)).toBe("ann:stance");
    answer(e, ["careful", 4, "ann"]);
    expect(undoDecisions(e, 5)).toEqual({ decisions: 3, answers: 4 });
    expect(e.log).toEqual([]);
  });

  it("gives back one whole step, then the next, to the state before the undo", () => {
    const e = answer(new Encounter(duel()), [...annsTurn, "ann"]);
    const before = JSON.stringify(e.state);
    expect(undoDecisions(e, 2)).toEqual({ decisions: 2, answers: 3 });
    expect(redoDecisions(e)).toEqual({ decisions: 1, answers: 2 });
    expect(e.log.map((a) => a.kind)).toEqual(["decide", "decide", "roll"]);
    expect(pending(e)).toBe("bob:target");
    expect(e.canRedo).toBe(1);
    expect(redoDecisions(e, 3)).toEqual({ decisions: 1, answers: 1 });
    expect(JSON.stringify(e.state)).toBe(before);
    expect(redoDecisions(e)).toEqual({ decisions: 0, answers: 0 });
  });

  it("after answers undone one by one, gives back the rolls left of a step with the next step", () => {
    const e = answer(new Encounter(duel()), [...annsTurn, "ann", "careful"]);
    e.undo(4); // the roll, Ann's stance and Bob's two decisions
    expect(redoDecisions(e)).toEqual({ decisions: 1, answers: 2 });
    expect(pending(e)).toBe("bob:target");
  });
});
