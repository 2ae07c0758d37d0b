// docs/console.md lists every shortcut of the GM's page, as its help overlay does (web/src/shortcuts.ts),
// and none that the page does not have.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SHORTCUTS } from "../web/src/shortcuts.js";

/** A shortcut's keys as the docs' table writes them: "`1` … `9`", "Shift+`U`", "Enter". */
function asDocs(keys: readonly string[]): string {
  const key = (k: string) => (/^(?:Enter|Esc|…)$/.test(k) ? k : `\`${k}\``);
  return keys[0] === "Shift" ? `Shift+${key(keys[1]!)}` : keys.map(key).join(" ");
}

describe("docs/console.md, Keyboard", () => {
  it("lists every shortcut of the page, and no other", () => {
    const docs = readFileSync(new URL("../docs/console.md", import.meta.url), "utf8");
    const section = docs.slice(docs.indexOf("### Keyboard"));
    const rows = section.slice(0, section.indexOf("\n\n", section.indexOf("| key")));
    const listed = [...rows.matchAll(/^\| (.+?) +\| (.+?) +\|$/gm)]
      .map((m) => m[1]!)
      .filter((k) => k !== "key" && !/^-+$/.test(k));
    expect(listed).toEqual(SHORTCUTS.map((s) => asDocs(s.keys)));
  });
});
