// The example encounters Fray ships (examples/<ruleset>/*.yaml): for the console's encounter
// builder to copy their stat blocks, and for the list to open one as a new encounter. Each with
// its title, a line on what it is (the first sentence of the comment that opens its file), its
// combatants as its file lists them, and its text. Exchange files (an attacker and a defender)
// hold no combatants and are left out. Read once per ruleset.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseDataText } from "../app/files.js";

const EXAMPLES = fileURLToPath(new URL("../../examples/", import.meta.url));

export interface ExampleStatBlocks {
  /** The file's name in examples/<ruleset>/. */
  readonly file: string;
  readonly title: string;
  /** What it is, in a sentence: "A group fight: goblins try to ambush the party …". */
  readonly about: string;
  readonly combatants: Record<string, unknown>[];
}

/** An example with its file's text, as the list opens it. */
export interface ExampleFile extends ExampleStatBlocks {
  readonly text: string;
}

const read = new Map<string, readonly ExampleFile[]>();

/**
 * The first sentence of the comment that opens a file: up to the first full stop followed by a
 * capital, outside brackets ("An ambush with a 50% chance (1. Determine Surprise): …" is not cut
 * at "(1."), without the Markdown's backticks.
 */
function aboutOf(text: string): string {
  const comment = /^(?:#[^\n]*\n)+/.exec(text)?.[0] ?? "";
  const words = comment
    .split("\n")
    .map((line) => line.replace(/^#\s?/, "").replaceAll("`", "").trim())
    .filter((line) => line !== "")
    .join(" ");
  for (const end of words.matchAll(/[.!?](?=\s+["(A-Z]|$)/g)) {
    const sentence = words.slice(0, end.index + 1);
    const open = sentence.split("(").length - sentence.split(")").length;
    if (open === 0) return sentence;
  }
  return words;
}

export function exampleFiles(ruleset: string): readonly ExampleFile[] {
  const known = read.get(ruleset);
  if (known !== undefined) return known;
  const folder = join(EXAMPLES, ruleset);
  const files = existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith(".yaml")) : [];
  const examples = files.sort().flatMap((name) => {
    const path = join(folder, name);
    const text = readFileSync(path, "utf8");
    const content = parseDataText(text, path) as Record<string, unknown>;
    const combatants = content.combatants;
    if (!Array.isArray(combatants)) return [];
    const title = typeof content.title === "string" ? content.title : name;
    const about = aboutOf(text);
    return [
      { file: name, title, about, combatants: combatants as Record<string, unknown>[], text },
    ];
  });
  read.set(ruleset, examples);
  return examples;
}

/** The examples' stat blocks, without their texts. */
export function exampleStatBlocks(ruleset: string): ExampleStatBlocks[] {
  return exampleFiles(ruleset).map(({ file, title, about, combatants }) => ({
    file,
    title,
    about,
    combatants,
  }));
}
