// The `fray` command: builds the commander program from one module per command
// and turns every user-facing error into "fray: ..." on stderr with exit code 2. `--ruleset
// <module>`, before or after the command, loads a ruleset from a module of its own first.
// Only the module of the command named is loaded (every command's for help, a mistyped command
// or none), so that a fresh process starts its work sooner (docs/architecture.md, "What the CLI
// loads").
import { Command, CommanderError } from "commander";
import { FrayError } from "../core/errors.js";
import { commands } from "./commands/index.js";

const collect = (value: string, previous: string[]) => [...previous, value];

/**
 * The word of `args` (the words after `fray`) that names the command: the first that is not the
 * program's `--ruleset` option or its value (`--help` or `--version` when one comes first).
 */
export function namedCommand(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i += 1) {
    const word = args[i]!;
    if (word === "--ruleset") i += 1;
    else if (!word.startsWith("--ruleset=")) return word;
  }
  return undefined;
}

/**
 * The program with the command `name` registered, or with every command when `name` is none of
 * them (help, a mistyped command: commander lists or suggests them all, as it would anyway).
 */
export async function buildProgram(name?: string): Promise<Command> {
  const program = new Command("fray")
    .description("Rules engine for tabletop-RPG combat: play, exact odds, simulation.")
    .version("0.1.0")
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    .option(
      "--ruleset <module>",
      "load a ruleset from an ES module (a file path; repeatable; docs/architecture.md)",
      collect,
      [],
    )
    .hook("preAction", async (command) => {
      const paths = command.opts<{ ruleset: string[] }>().ruleset;
      if (paths.length === 0) return;
      const { loadRulesetModule } = await import("../app/rulesets.js");
      for (const path of paths) await loadRulesetModule(path);
    });
  const load =
    name !== undefined && Object.hasOwn(commands, name)
      ? [commands[name]!]
      : Object.values(commands);
  for (const register of await Promise.all(load.map((l) => l()))) register(program);
  return program;
}

/** Runs the CLI with `argv` (as process.argv) and returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  try {
    const program = await buildProgram(namedCommand(argv.slice(2)));
    await program.parseAsync([...argv]);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof FrayError) {
      // A notation error's message already ends with its hint: it is printed once.
      const hint = error.hint && !error.message.endsWith(error.hint) ? error.hint : undefined;
      process.stderr.write(`fray: ${error.message}\n${hint ? `  hint: ${hint}\n` : ""}`);
      return 2;
    }
    throw error;
  }
}
