// How the terminal shows an encounter: combatant status lines and explanations.
import type { CombatantView } from "../engine/ruleset.js";
import { formatExplanation, type Explanation } from "../engine/explanation.js";
import type { Encounter } from "../engine/encounter.js";

export function renderViews(views: readonly CombatantView[]): string {
  const width = Math.max(...views.map((v) => v.name.length));
  return views
    .map((v) => `  ${v.name.padEnd(width)}  [${v.side}]  ${v.out ? "OUT  " : ""}${v.status}`)
    .join("\n");
}

export function renderExplanation(e: Explanation): string {
  return e.section === "fray-round"
    ? `\n== ${e.text.replace(/^round/, "Round").replace(/ begins$/, "")} ==`
    : `  ${formatExplanation(e)}`;
}

/** Prints the explanations added since `printed`; returns the new count. */
export function printNewExplanations(
  encounter: Encounter,
  printed: number,
  write: (s: string) => void,
): number {
  const all = encounter.explanations;
  for (let i = Math.min(printed, all.length); i < all.length; i += 1)
    write(renderExplanation(all[i]!) + "\n");
  return all.length;
}

export function renderOutcome(encounter: Encounter): string {
  const status = encounter.status;
  if (status.kind !== "over") return "";
  const sides = encounter.definition.setup.sides;
  const winner = sides.find((s) => s.id === status.outcome.winner);
  const rounds = `${encounter.round} round${encounter.round === 1 ? "" : "s"}`;
  return `\n${winner ? `Winner: ${winner.name}` : "No winner"} after ${rounds} (${status.outcome.reason})\n`;
}
