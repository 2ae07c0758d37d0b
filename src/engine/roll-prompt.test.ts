import { describe, expect, it } from "vitest";
import { diceWords, eachDieRange } from "../core/dice/words.js";
import { rollPromptText, type RollAsked } from "./roll-prompt.js";

const ask = (over: Partial<RollAsked>): RollAsked => ({
  label: "Aldric's initiative",
  notation: "1d20",
  min: 1,
  max: 20,
  open: false,
  faces: null,
  eachDie: false,
  ...over,
});

describe("a pending roll as one sentence for the table", () => {
  it("names the dice once, in words, with what the result can be", () => {
    expect(rollPromptText(ask({}))).toBe("Aldric's initiative: roll a d20 (1 to 20)");
    expect(rollPromptText(ask({ label: "Sigrun's attack", notation: "3d20kh1" }))).toBe(
      "Sigrun's attack: roll 3d20, keep the highest (1 to 20)",
    );
    expect(
      rollPromptText(ask({ label: "the first round's initiative", notation: "1d6", max: 6 })),
    ).toBe("The first round's initiative: roll a d6 (1 to 6)");
  });

  it("gives exploding dice no top, and says which face explodes", () => {
    expect(
      rollPromptText(
        ask({ label: "Tombril's damage", notation: "5d6!", min: 5, max: 475, open: true }),
      ),
    ).toBe("Tombril's damage: roll 5d6, a 6 explodes (a total of 5 or more)");
  });

  it("gives each die's range when the rules read the dice one by one (karn's strike and dodge)", () => {
    expect(
      rollPromptText(
        ask({ label: "Chip's strike at Snaga", notation: "2d20", min: 2, max: 40, eachDie: true }),
      ),
    ).toBe("Chip's strike at Snaga: roll 2d20 (each 1 to 20)");
  });

  it("names the dice bare beside a ruleset's faces, which say what explodes", () => {
    expect(
      rollPromptText(
        ask({
          label: "Rolf's attack",
          notation: "2d8!+2d10!9",
          min: 0,
          max: 5,
          faces:
            "first the defender's Defense Check, each 1 to 8, an 8 explodes; then the Attack Check, each 1 to 10, a 9 explodes, a 10 counts as 5",
          eachDie: true,
        }),
      ),
    ).toBe(
      "Rolf's attack: roll 2d8 and 2d10 (first the defender's Defense Check, each 1 to 8, an 8 explodes; then the Attack Check, each 1 to 10, a 9 explodes, a 10 counts as 5)",
    );
  });
});

describe("dice notation in words", () => {
  it("says sums, constants, keeps and drops, and explosions on a face", () => {
    expect(diceWords("1d8+2d10")).toBe("a d8 and 2d10");
    expect(diceWords("2d8+2d8+2d10")).toBe("2d8, 2d8 and 2d10");
    expect(diceWords("1d4+1")).toBe("a d4 + 1");
    expect(diceWords("4d6dl1")).toBe("4d6, drop the lowest");
    expect(diceWords("4d6kh3")).toBe("4d6, keep the highest 3");
    expect(diceWords("2d10!9")).toBe("2d10, a 9 explodes");
    expect(diceWords("1d8!")).toBe("a d8, an 8 explodes");
    expect(diceWords("2d10!9", true)).toBe("2d10");
  });

  it("keeps the notation of what it has no plain words for", () => {
    expect(diceWords("4d6r1")).toBe("4d6r1");
    expect(diceWords("floor(1d6/2)")).toBe("floor(1d6/2)");
  });

  it("gives each die's range, by kind when they differ", () => {
    expect(eachDieRange("2d20")).toBe("each 1 to 20");
    expect(eachDieRange("2d4+2d8")).toBe("the d4s 1 to 4, the d8s 1 to 8");
  });
});
