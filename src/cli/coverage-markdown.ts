// A ruleset's coverage table and Fray's defaults as the markdown tables its docs page shows
// (`fray rules <id> --markdown`): one row each, cells as the code has them, so that the page can
// be brought in step with the code (the coverage check compares them cell by cell).
import { fidelity } from "../engine/coverage.js";
import type { Ruleset } from "../engine/ruleset.js";

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, header.map(() => "---"), ...rows]
    .map((r) => `| ${r.map(cell).join(" | ")} |`)
    .join("\n");
}

export function coverageMarkdown(r: Ruleset): string {
  const figure = fidelity(r.coverage);
  return [
    "## Fidelity",
    "",
    table(
      [
        "rules Fray settles itself",
        "right",
        "asked of the GM",
        "paragraphs with no rule",
        "Fray's defaults",
      ],
      [
        [
          String(figure.settled),
          "?",
          String(figure.askedOfGm),
          String(figure.notRules),
          String(r.frayDefaults.length),
        ],
      ],
    ),
    "",
    "## Fray's defaults",
    "",
    table(
      ["what Fray supplies", "source", "where it comes from", "where", "test"],
      r.frayDefaults.map((d) => [d.topic, d.source, d.ref, d.where, d.test ?? ""]),
    ),
    "",
    "## Coverage",
    "",
    table(
      ["section", "paragraph", "status", "where", "test"],
      r.coverage.map((c) => [c.section, c.paragraph, c.status, c.where, c.test ?? ""]),
    ),
    "",
  ].join("\n");
}
