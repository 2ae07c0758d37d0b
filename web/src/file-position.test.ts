import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import {
  fieldPath,
  fieldPlace,
  lineRange,
  positionOf,
  isLog,
  rulesetOf,
  titlesOf,
} from "./file-position.js";

/** tnt's duel as the GM pastes it: Aldric's weapon on line 18, Brenna's block from line 20. */
const DUEL = readFileSync(new URL("../../examples/tnt/duel.yaml", import.meta.url), "utf8");

describe("where a refused file went wrong, in the text pasted", () => {
  it("reads a syntax error's line and column, and nothing from a field path", () => {
    expect(positionOf("file:6:1")).toEqual({ line: 6, column: 1 });
    expect(positionOf("file: combatants[1].side")).toBeNull();
    expect(positionOf(undefined)).toBeNull();
  });

  it("finds a line's start and end, and the end of the text past its last line", () => {
    const text = "title: x\nruleset: tnt\ncombatants: [";
    expect(lineRange(text, 1)).toEqual({ start: 0, end: 8 });
    expect(text.slice(lineRange(text, 2).start, lineRange(text, 2).end)).toBe("ruleset: tnt");
    expect(lineRange(text, 3)).toEqual({ start: 22, end: 35 });
    expect(lineRange(text, 9)).toEqual({ start: 35, end: 35 });
  });

  it("reads a refused field's path, and none from a syntax error's place", () => {
    expect(fieldPath("file: combatants[0].weapon")).toEqual(["combatants", 0, "weapon"]);
    expect(fieldPath("file: options.surprise.side")).toEqual(["options", "surprise", "side"]);
    expect(fieldPath("file:6:1")).toBeNull();
    expect(fieldPath(undefined)).toBeNull();
  });

  it("finds a refused field's line in the text, with whose stat block it is in", async () => {
    const typo = DUEL.replace("weapon: longsword", "weapon: longsward");
    expect(typo.split("\n")[17]).toBe("    weapon: longsward");
    expect(await fieldPlace(typo, "file: combatants[0].weapon")).toEqual({
      line: 18,
      column: 5,
      what: "weapon of Aldric",
    });
    // A key the file lacks: the line of the block it is missing from.
    const missing = DUEL.replace("    hitPoints: 20\n", "");
    expect(missing.split("\n")[19]).toBe("  - id: brenna");
    expect(await fieldPlace(missing, "file: combatants[1].hitPoints")).toEqual({
      line: 20,
      column: 5,
      what: "hitPoints, missing from Brenna's stat block",
    });
    expect(await fieldPlace(DUEL, "file: sides[1]")).toMatchObject({
      line: 7,
      what: "sides 2 (sides[1])",
    });
    expect(await fieldPlace(DUEL, "file: combatants[1]")).toMatchObject({
      line: 20,
      what: "Brenna's stat block",
    });
    expect(await fieldPlace(DUEL, "file: seed")).toMatchObject({ line: 4, what: "seed" });
    // JSON is read the same way.
    const json =
      '{\n  "ruleset": "tnt",\n  "combatants": [\n    { "id": "a", "weapon": "x" }\n  ]\n}';
    expect(await fieldPlace(json, "file: combatants[0].weapon")).toEqual({
      line: 4,
      column: 18,
      what: "weapon of a",
    });
    // A syntax error's place, and a text that does not parse, give none.
    expect(await fieldPlace(DUEL, "file:4:1")).toBeNull();
    expect(await fieldPlace("a: [", "file: combatants[0].weapon")).toBeNull();
  });

  it("says a refused field by its title in the builder's form beside its key", async () => {
    // The stats and options of a ruleset as GET /rulesets/:id gives them, cut to what is asked.
    const stats = {
      type: "object",
      properties: {
        hitPoints: { type: "integer", title: "Hit points" },
        weapon: {
          title: "Weapon",
          anyOf: [{ type: "string" }, { type: "object", title: "A weapon of your own" }],
        },
        weapons: {
          type: "array",
          title: "Weapons",
          items: { title: "Weapon", type: "object", properties: { magic: { title: "Magic" } } },
        },
      },
    };
    const options = { type: "object", properties: { startRange: { title: "Start range" } } };
    const titles = titlesOf(stats, options);
    expect(titles(["combatants", 2, "hitPoints"])).toBe("Hit points");
    expect(titles(["combatants", 0, "weapons", 1, "magic"])).toBe("Magic");
    expect(titles(["combatants", 0, "weapons", 1])).toBe("Weapon");
    expect(titles(["options", "startRange"])).toBe("Start range");
    expect(titles(["seed"])).toBeNull();
    expect(titles(["combatants", 0, "unknown"])).toBeNull();

    expect(await fieldPlace(DUEL, "file: combatants[0].hitPoints", titles)).toMatchObject({
      line: 17,
      what: "Hit points (hitPoints) of Aldric",
    });
    const missing = DUEL.replace("    hitPoints: 20\n", "");
    expect(await fieldPlace(missing, "file: combatants[1].hitPoints", titles)).toMatchObject({
      line: 20,
      what: "Hit points (hitPoints), missing from Brenna's stat block",
    });
    // A title that says no more than the key ("Weapon", "weapon") is not said twice.
    expect(await fieldPlace(DUEL, "file: combatants[0].weapon", titles)).toMatchObject({
      what: "weapon of Aldric",
    });
  });

  it("reads the ruleset a pasted file names", async () => {
    expect(await rulesetOf(DUEL)).toBe("tnt");
    expect(await rulesetOf("title: x")).toBeNull();
    expect(await rulesetOf("a: [")).toBeNull();
  });

  it("tells a fight's log (fray-log/1 JSON lines) from an encounter file", () => {
    const header = '{"type":"encounter","format":"fray-log/1","ruleset":"tnt","seed":1,"file":{}}';
    expect(isLog(`${header}\n{"kind":"roll","value":3}\n`)).toBe(true);
    expect(isLog(`\n  ${header}`)).toBe(true);
    expect(isLog(DUEL)).toBe(false);
    // A file in JSON is a file, not a log; nor is a line that does not parse.
    expect(isLog('{ "ruleset": "tnt", "combatants": [] }')).toBe(false);
    expect(isLog('{"format":"fray-log/1"')).toBe(false);
  });
});
