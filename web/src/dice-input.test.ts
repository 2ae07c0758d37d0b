import { describe, expect, it } from "vitest";
import { diceBoxExample, diceExample, readDice } from "./dice-input.js";

describe("dice typed in from the table", () => {
  it("reads each die in order, separated by spaces or commas", () => {
    expect(readDice("6 5 3 6 2")).toEqual({ ok: true, answer: { dice: [6, 5, 3, 6, 2] } });
    expect(readDice(" 5, 3,4 ")).toEqual({ ok: true, answer: { dice: [5, 3, 4] } });
  });

  it('reads "=17" as the result only', () => {
    expect(readDice("= 17")).toEqual({ ok: true, answer: { total: 17 } });
  });

  it("says what is wrong with anything else, and leaves the checking of faces to the API", () => {
    expect(readDice("")).toMatchObject({ ok: false, message: expect.stringContaining("type") });
    expect(readDice("5 d6")).toMatchObject({ ok: false, message: expect.stringContaining('"d6"') });
    expect(readDice("9 9")).toEqual({ ok: true, answer: { dice: [9, 9] } });
  });
});

describe("an example of each die typed, in the dice box", () => {
  it("shows faces of the roll's own dice, none that explodes", () => {
    expect(diceExample("2d20")).toBe("14 7");
    // dungeons-of-olde's attack: the Defense Check's d10s, then the Attack Check's d8s.
    expect(diceExample("2d10!+2d8!")).toBe("5 7 5 3");
    expect(diceExample("2d8!+2d8!+2d12!11")).toBe("4 7 5 3 5 7");
    // A 7 explodes on 2d8!7 (dungeons-of-olde's Finesse 7 defence): "4 7" was refused, one more
    // die wanted; the example has a die for each (four of six were refused the same way).
    expect(diceExample("2d8!7")).toBe("3 3");
    expect(diceExample("2d10!+2d10!+2d10!")).toBe("5 7 5 3 5 7");
    expect(diceExample("2d4!+2d6!5")).toBe("2 2 2 3");
  });
});

describe("the dice box's example", () => {
  it("is of the roll's own dice: one die alone, several with their total, each die where asked", () => {
    // It read "e.g. 5 3 4, or =17" for every roll: three dice for a d20's initiative.
    expect(diceBoxExample("1d20", false)).toBe("e.g. 14");
    expect(diceBoxExample("d6", false)).toBe("e.g. 3");
    expect(diceBoxExample("3d6", false)).toBe("e.g. 3 3 5, or =11");
    expect(diceBoxExample("2d20", true)).toBe("each die, e.g. 14 7");
  });
});
