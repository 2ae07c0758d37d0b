// `fray rules [ruleset]`: a ruleset's switches with defaults, its data tables with sources, its
// tactics' questions and profiles, its coverage of the chapter and the rules Fray adds to it;
// without an argument, the list of rulesets.
import type { Command } from "commander";
import { fidelity } from "../../engine/coverage.js";
import { InputError } from "../../engine/input-error.js";
import { rulesets } from "../../app/rulesets.js";
import { coverageMarkdown } from "../coverage-markdown.js";
import { rulesetJson, tacticsJson } from "../../app/ruleset-json.js";
import { ownEntry } from "../../core/name-table.js";
import type { RulesetTactics } from "../../engine/tactics.js";

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows
    .map(
      (r) =>
        "  " +
        r
          .map((c, i) => c.padEnd(widths[i]!))
          .join("  ")
          .trimEnd(),
    )
    .join("\n");
}

/** Who answers a question, in a word for the table. */
const ANSWERED_BY = { combatant: "combatant", side: "its side", gm: "GM" } as const;

/**
 * The profiles a combatant may take, and the questions the tactics answer: what each asks, who
 * answers it, the section it comes from. A combatant's own may be given a profile one by one.
 */
function tacticsText(tactics: RulesetTactics): string {
  const { profiles, questions } = tacticsJson(tactics);
  if (questions.length === 0) return "Tactics: the ruleset's policies (no profiles declared yet)";
  return (
    "Tactics (encounter files: tactics: <profile>, or per question of a combatant's):\n" +
    table([["profile", "what it does"], ...profiles.map((p) => [p.name, p.description])]) +
    "\n\nQuestions the tactics answer:\n" +
    table([
      ["question", "answered by", "what it asks", "section"],
      ...questions.map((q) => [
        q.question,
        ANSWERED_BY[q.by],
        q.description,
        q.section?.title ?? "",
      ]),
    ])
  );
}

export function registerRules(program: Command): void {
  program
    .command("rules")
    .description("show a ruleset's switches, data tables and coverage (or list the rulesets)")
    .argument("[ruleset]", "ruleset id")
    .option("--json", "print JSON")
    .option(
      "--markdown",
      "print the fidelity figure, Fray's defaults and the coverage table as the docs page shows them",
    )
    .action((id: string | undefined, options: { json?: boolean; markdown?: boolean }) => {
      const out = (s: string) => process.stdout.write(s + "\n");
      if (id === undefined) {
        for (const r of Object.values(rulesets)) out(`${r.id.padEnd(22)} ${r.title} (${r.source})`);
        return;
      }
      const r = ownEntry(rulesets, id);
      if (r === undefined) {
        throw new InputError(
          `unknown ruleset "${id}"; known: ${Object.keys(rulesets).sort().join(", ")}`,
          "ruleset",
        );
      }
      if (options.json) {
        out(JSON.stringify(rulesetJson(r), null, 2));
        return;
      }
      if (options.markdown) {
        out(coverageMarkdown(r));
        return;
      }
      out(`${r.title} — ruleset ${r.id} ${r.version}\n${r.source}\n`);
      out("Switches:");
      out(
        table([
          ["switch", "default", "source", "meaning"],
          ...r.switches.map((s) => [
            s.key,
            JSON.stringify(s.default),
            s.provenance.source,
            s.description,
          ]),
        ]),
      );
      for (const t of r.tables) {
        out(`\n${t.title}:`);
        out(
          table([
            ["key", "values", "source"],
            ...t.rows.map((row) => [
              row.key,
              Object.entries(row.values)
                .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
                .join(" "),
              `${row.provenance.source}: ${row.provenance.ref}`,
            ]),
          ]),
        );
      }
      out(`\n${tacticsText(r.tactics)}`);
      const figure = fidelity(r.coverage);
      out(
        `\nCoverage of the chapter: ${figure.settled} rules Fray settles itself, ` +
          `${figure.askedOfGm} asked of the GM, ${figure.notRules} paragraphs with no rule:`,
      );
      out(
        table([
          ["section", "paragraph", "status", "where", "test"],
          ...r.coverage.map((c) => [c.section, c.paragraph, c.status, c.where, c.test ?? ""]),
        ]),
      );
      out("\nFray's defaults (not in the chapter; never counted as coverage):");
      out(
        r.frayDefaults.length === 0
          ? "  none"
          : table([
              ["what Fray supplies", "source", "where", "test"],
              ...r.frayDefaults.map((d) => [
                d.topic,
                `${d.source}: ${d.ref}`,
                d.where,
                d.test ?? "",
              ]),
            ]),
      );
    });
}
