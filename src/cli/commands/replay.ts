// `fray replay <log.jsonl>`: rebuilds an encounter from its log and prints its final state.
import type { Command } from "commander";
import { readLog } from "../../engine/log.js";
import { rulesets } from "../../app/rulesets.js";
import { readText } from "../../app/files.js";
import { renderOutcome, renderViews } from "../render.js";

export function registerReplay(program: Command): void {
  program
    .command("replay")
    .description("rebuild an encounter from a log and print its final state")
    .argument("<log>", "log file written by fray play --log")
    .option("--json", "print JSON")
    .action((path: string, options: { json?: boolean }) => {
      const { encounter, seed } = readLog(readText(path), rulesets, path);
      const status = encounter.status;
      if (options.json) {
        process.stdout.write(
          JSON.stringify(
            {
              ruleset: encounter.ruleset.id,
              seed: seed ?? null,
              answers: encounter.log.length,
              rounds: encounter.round,
              status: status.kind === "over" ? "over" : "pending",
              outcome: status.kind === "over" ? status.outcome : null,
              combatants: encounter.view({ kind: "gm" }),
              state: encounter.state,
            },
            null,
            2,
          ) + "\n",
        );
        return;
      }
      process.stdout.write(
        `${encounter.definition.title}: ${encounter.log.length} answers, ${encounter.round} rounds\n`,
      );
      process.stdout.write(`${renderViews(encounter.view({ kind: "gm" }))}\n`);
      process.stdout.write(
        status.kind === "over"
          ? renderOutcome(encounter)
          : `\nthe fight goes on: next, ${status.choice.kind === "roll" ? status.choice.label : `${status.choice.actor}: ${status.choice.question}`}\n`,
      );
    });
}
