import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SHORTCUTS } from "./shortcuts.js";

/** The keys of each row of docs/console.md's table of shortcuts ("Shift U", "1 … 9"). */
function documentedKeys(): string[] {
  const docs = readFileSync(new URL("../../docs/console.md", import.meta.url), "utf8");
  const section = docs.slice(docs.indexOf("### Keyboard"));
  const table = section.slice(
    section.indexOf("| key"),
    section.indexOf("\n\n", section.indexOf("| key")),
  );
  return table
    .split("\n")
    .slice(2)
    .map((row) => row.split("|")[1]!.replace(/[`+]/g, " ").replace(/\s+/g, " ").trim());
}

describe("the keyboard's shortcuts", () => {
  it("are every one of them in docs/console.md's table, and the table lists no other", () => {
    const shown = SHORTCUTS.map((s) => s.keys.join(" "));
    expect(documentedKeys()).toEqual(shown);
    expect(shown).toContain("Shift U");
    expect(shown).toContain("1 … 9");
  });
});
