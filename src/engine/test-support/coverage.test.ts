// The coverage check reads what a row cites as a reader would: the files, the functions named
// after each file, the switches and the tests; and it refuses what does not exist.
import { describe, expect, it } from "vitest";
import { citedCode, citedSwitches, declares, namesTest } from "./coverage.js";

describe("what a coverage row cites", () => {
  it("reads the files and the functions named after each, not the words around them", () => {
    expect(
      citedCode(
        "procedures/round.ts playRound, endOfRound (and the rest), procedures/turn.ts takeTurn ends it",
      ),
    ).toEqual([
      { file: "procedures/round.ts", symbols: ["playRound", "endOfRound"] },
      { file: "procedures/turn.ts", symbols: ["takeTurn"] },
    ]);
    expect(citedCode("scores.ts rangeBonus/attackModifier; hit-or-miss.ts PASSIVE")).toEqual([
      { file: "scores.ts", symbols: ["rangeBonus", "attackModifier"] },
      { file: "hit-or-miss.ts", symbols: ["PASSIVE"] },
    ]);
    expect(citedCode("dice.ts damageRoll, damage.ts applyDamage, setup.ts (the die)")).toEqual([
      { file: "dice.ts", symbols: ["damageRoll"] },
      { file: "damage.ts", symbols: ["applyDamage"] },
      { file: "setup.ts", symbols: [] },
    ]);
    expect(citedCode("initiative.ts rollInitiative, per pairing")).toEqual([
      { file: "initiative.ts", symbols: ["rollInitiative"] },
    ]);
    expect(citedCode("data/initiative-tables.ts party-ambush; examples/x/y.yaml")).toEqual([
      { file: "data/initiative-tables.ts", symbols: [] },
      { file: "examples/x/y.yaml", symbols: [] },
    ]);
  });

  it("reads the switches a row names, and no English word after them", () => {
    expect(citedSwitches("switch critDice, default blunt d6")).toEqual(["critDice"]);
    expect(citedSwitches("switches sneakApproach and `parryMovement`; switch flop")).toEqual([
      "sneakApproach",
      "parryMovement",
      "flop",
    ]);
  });

  it("finds a function, a constant, a method or a key declared in a file, not one only used", () => {
    const source = [
      "export function attackWith(a) { return helper(a); }",
      "const TABLE = {",
      "  party: 1,",
      "};",
      "class X {",
      "  private ready(): void {}",
      "  run(state) {}",
      "}",
    ].join("\n");
    expect(declares(source, "attackWith")).toBe(true);
    expect(declares(source, "TABLE")).toBe(true);
    expect(declares(source, "party")).toBe(true);
    expect(declares(source, "run")).toBe(true);
    expect(declares(source, "helper")).toBe(false);
    expect(declares(source, "attack")).toBe(false);
  });

  it("finds a test by the title of its it() or test(), never a skipped one or a mere string", () => {
    const source = [
      'it("Parrying: nothing gets through", () => {});',
      "it(",
      '  "Power Attacks: double the dice",',
      "  () => {},",
      ");",
      'it.skip("Sneak Attacks: skipped", () => {});',
      'const label = "Surprise: only a string";',
    ].join("\n");
    expect(namesTest(source, "Parrying: nothing gets through")).toBe(true);
    expect(namesTest(source, "Power Attacks: double the dice")).toBe(true);
    expect(namesTest(source, "Sneak Attacks: skipped")).toBe(false);
    expect(namesTest(source, "Surprise: only a string")).toBe(false);
    expect(namesTest(source, "Parrying")).toBe(false);
  });
});
