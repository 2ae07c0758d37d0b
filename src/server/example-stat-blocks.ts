// The stat blocks of the example encounters Fray ships (examples/<ruleset>/*.yaml), for the
// console's encounter builder to copy: each example's title and its combatants as its file lists
// them. Exchange files (an attacker and a defender) hold none. Read once per ruleset.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readDataFile } from "../app/files.js";

const EXAMPLES = fileURLToPath(new URL("../../examples/", import.meta.url));

export interface ExampleStatBlocks {
  /** The file's name in examples/<ruleset>/. */
  readonly file: string;
  readonly title: string;
  readonly combatants: Record<string, unknown>[];
}

const read = new Map<string, readonly ExampleStatBlocks[]>();

export function exampleStatBlocks(ruleset: string): readonly ExampleStatBlocks[] {
  const known = read.get(ruleset);
  if (known !== undefined) return known;
  const folder = join(EXAMPLES, ruleset);
  const files = existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith(".yaml")) : [];
  const examples = files.sort().flatMap((name) => {
    const content = readDataFile(join(folder, name)) as Record<string, unknown>;
    const combatants = content.combatants;
    if (!Array.isArray(combatants)) return [];
    const title = typeof content.title === "string" ? content.title : name;
    return [{ file: name, title, combatants: combatants as Record<string, unknown>[] }];
  });
  read.set(ruleset, examples);
  return examples;
}
