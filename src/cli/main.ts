// The `fray` command: builds the commander program from one module per command
// and turns every user-facing error into "fray: ..." on stderr with exit code 2. `--ruleset
// <module>`, before or after the command, loads a ruleset from a module of its own first.
import { Command, CommanderError } from "commander";
import { loadRulesetModule } from "../app/rulesets.js";
import { FrayError } from "../core/errors.js";
import { commands } from "./commands/index.js";

const collect = (value: string, previous: string[]) => [...previous, value];

export function buildProgram(): Command {
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
      for (const path of command.opts<{ ruleset: string[] }>().ruleset)
        await loadRulesetModule(path);
    });
  for (const register of commands) register(program);
  return program;
}

/** Runs the CLI with `argv` (as process.argv) and returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  try {
    await buildProgram().parseAsync([...argv]);
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
