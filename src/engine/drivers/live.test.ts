// Dice typed in from the table, refused with how to type them: an exploding roll says how an
// explosion is typed in every refusal, with an example of its own dice.
import { describe, expect, it } from "vitest";
import { diceRoll } from "../roll-specs.js";
import type { PendingRoll } from "./pending.js";
import { tableRoll } from "./live.js";

const pending = (label: string, notation: string): PendingRoll => ({
  kind: "roll",
  index: 1,
  label,
  actor: undefined,
  spec: diceRoll(notation),
});

/** What `tableRoll` refuses `typed` with: its message and its hint. */
function refusal(choice: PendingRoll, typed: readonly number[]): { message: string; hint: string } {
  try {
    tableRoll(choice, typed);
  } catch (error) {
    const { message, hint } = error as { message: string; hint: string };
    return { message, hint };
  }
  throw new Error(`${JSON.stringify(typed)} was taken`);
}

describe("dice typed in from the table", () => {
  it("an exploding die's wrong face says how to type an explosion, as its missing die does", () => {
    // The rehearsal's Bram typed "11 3" for his greatsword's 2d10!.
    const bram = pending("Bram's damage", "2d10!");
    expect(refusal(bram, [11, 3])).toEqual({
      message: "Bram's damage: 11 is not a face of a d10 (die 1)",
      hint: "a d10 shows 1 to 10; type the dice in the order rolled, each die that explodes followed by the die it adds: e.g. 10 5 2 for 2d10, a 10 explodes",
    });
    // The example is what it says: its dice are taken, the 10 and the die it added included.
    expect(tableRoll(bram, [10, 5, 2]).value).toBe(17);
    // Dev's "3 4" for Cedryk's 2d4!: the same words for a die missing after an explosion.
    const cedryk = pending("Cedryk the Sneaky's damage", "2d4!");
    expect(refusal(cedryk, [3, 4])).toEqual({
      message:
        "Cedryk the Sneaky's damage: 2 dice typed but 2d4, a 4 explodes, needs more (next: a d4)",
      hint: "type the dice in the order rolled, each die that explodes followed by the die it adds: e.g. 4 3 2 for 2d4, a 4 explodes",
    });
    expect(refusal(cedryk, [5]).hint).toMatch(
      /^a d4 shows 1 to 4; type the dice in the order rolled, each die that explodes/,
    );
    expect(tableRoll(cedryk, [4, 3, 2]).value).toBe(9);
  });

  it("the example is of the roll's own dice: an explosion on a lower face, dice of two sizes", () => {
    // dungeons-of-olde's damage: 2d10! and 2d8 exploding on 7 and up.
    const mixed = pending("damage", "2d10!+2d8!>=7");
    const { hint } = refusal(mixed, [12]);
    expect(hint).toBe(
      "a d10 shows 1 to 10; type the dice in the order rolled, each die that explodes followed by the die it adds: e.g. 10 5 2 4 3 for 2d10, a 10 explodes and 2d8!>=7",
    );
    expect(tableRoll(mixed, [10, 5, 2, 4, 3]).value).toBe(24);
    const low = pending("damage", "1d8!>=7");
    expect(refusal(low, [9]).hint).toContain("e.g. 7 5 for 1d8!>=7");
    expect(tableRoll(low, [7, 5]).value).toBe(12);
  });

  it("a roll that never explodes keeps its plain words", () => {
    const initiative = pending("initiative", "1d6");
    expect(refusal(initiative, [7])).toEqual({
      message: "initiative: 7 is not a face of a d6 (die 1)",
      hint: "type a whole number from 1 to 6",
    });
    expect(refusal(pending("damage", "2d6"), [3]).hint).toBe(
      "type every die rolled, rerolls included, in the order rolled",
    );
  });
});
