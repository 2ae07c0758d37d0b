import { describe, expect, it } from "vitest";
import { copiedFile, exportName, storedOfLog } from "./stored-encounter.js";

const file = {
  ruleset: "karn",
  title: "Orcs at the ford",
  sides: [
    { id: "party", name: "The party" },
    { id: "foes", name: "The foes" },
  ],
  combatants: [
    { id: "hedda", name: "Hedda", side: "party" },
    { id: "grub", name: "Grub", side: "foes" },
  ],
  arrivalTactics: { kell: "reckless" },
};
const kell = { id: "kell", name: "Kell", side: "foes", END: 12 };
const log = [
  { type: "encounter", format: "fray-log/1", ruleset: "karn", seed: 4, file },
  { type: "answer", n: 1, kind: "roll", dice: [3] },
  { type: "explain", section: "x", rule: "y", text: "z" },
  { type: "answer", n: 2, kind: "gm", change: { op: "add-combatant", combatant: kell } },
  { type: "answer", n: 3, kind: "gm", change: { op: "set", combatant: "grub" } },
]
  .map((line) => JSON.stringify(line))
  .join("\n");

describe("a stored encounter's file", () => {
  it("reads the file and the late arrivals' blocks from the log", () => {
    expect(storedOfLog(log, 3)).toEqual({ file, arrivals: [kell] });
    expect(() => storedOfLog('{"type":"encounter"}', 3)).toThrow(
      "Encounter #3's log holds no file to copy.",
    );
  });

  it("copies the fight as it began, a late arrival among the combatants with its tactics now", () => {
    const { arrivalTactics, ...rest } = file;
    expect(arrivalTactics).toEqual({ kell: "reckless" });
    expect(copiedFile(storedOfLog(log, 3))).toEqual({
      ...rest,
      combatants: [...file.combatants, { ...kell, tactics: "reckless" }],
    });
    // Without late arrivals: the file as it is, less what only late arrivals use.
    expect(copiedFile({ file, arrivals: [] })).toEqual(rest);
  });

  it("names an exported file by its title", () => {
    expect(exportName("Orcs at the ford (copy 2)")).toBe("orcs-at-the-ford-copy-2.yaml");
    expect(exportName("  ")).toBe("encounter.yaml");
  });
});
