// Loading a ruleset from a module of its own: what is not a ruleset is refused with the member it
// lacks, a missing file says so, Fray's own ids are taken; a ruleset loaded is known by its id.
// (A real ruleset package, through the CLI: test/ruleset-package.test.ts.)
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadRulesetModule, rulesetModuleUrl, rulesets } from "./rulesets.js";

const dir = mkdtempSync(join(tmpdir(), "fray-rulesets-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function module(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe("loadRulesetModule", () => {
  it("refuses a path with no file", async () => {
    await expect(loadRulesetModule(join(dir, "nope.js"))).rejects.toThrow(
      `--ruleset ${join(dir, "nope.js")}: no such file`,
    );
  });

  it("refuses a module that exports no ruleset, or one without a member of the contract", async () => {
    await expect(loadRulesetModule(module("none.js", "export const x = 1;\n"))).rejects.toThrow(
      "exports no ruleset (no default export, no `ruleset`)",
    );
    const half = module("half.js", 'export default { id: "half", version: "1.0.0" };\n');
    await expect(loadRulesetModule(half)).rejects.toThrow(
      "the ruleset has no `title` (it must be a string)",
    );
    expect(rulesets["half"]).toBeUndefined();
  });

  it("refuses a ruleset with the id of one Fray ships, and adds one of its own by its id", async () => {
    const members = `version: "1.0.0", title: "t", source: "s", sections: [], switches: [],
  tables: [], coverage: [], frayDefaults: [], combatantSchema: {}, encounterOptionsSchema: {},
  setup() {}, round() {}, outcome() {}, standing() {}, view() {}, exchange: {}`;
    const taken = module("taken.js", `export default { id: "karn", ${members} };\n`);
    await expect(loadRulesetModule(taken)).rejects.toThrow(
      'a ruleset with the id "karn" is already known (Fray ships it)',
    );
    expect(rulesets["karn"]!.title).toMatch(/Karn/);
    const mine = module("mine.js", `export const ruleset = { id: "mine", ${members} };\n`);
    const loaded = await loadRulesetModule(mine);
    expect(rulesets["mine"]).toBe(loaded);
    expect(rulesetModuleUrl("mine")).toBe(`file://${mine}`);
    expect(await loadRulesetModule(mine)).toBe(loaded);
    expect(rulesetModuleUrl("karn")).toBeUndefined();
  });
});
