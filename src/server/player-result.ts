// The last result as a side's players may see it (docs/console.md, "What each role sees"): the
// step the GM's page shows (a decision with the rolls after it), less what the GM keeps. The
// engine's texts carry no mark of who may read them, so one rule decides: a text that names a
// combatant of another side and gives a number (digits in names aside) is the GM's to tell (a
// foe's stamina, its armour, what it needs to hit); a text that names none, or names one in
// words only ("Tombril withdraws"), is what the table saw. A decision of the side's own is the
// player's choice, whose words the player saw among the options; one of the GM's ("gm") shows as
// a ruling, without its value (a concealment DC, say).
import type { z } from "zod";
import type { Answer } from "../engine/answers.js";
import type { Explanation } from "../engine/explanation.js";
import type { Json } from "../engine/json.js";
import type { playerResultSchema } from "./player-schemas.js";

export interface Named {
  readonly id: string;
  readonly name: string;
  readonly side: string;
}

export type PlayerResultJson = z.input<typeof playerResultSchema>;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A name as a word of its own (not inside another word), in any case. */
const wordOf = (name: string, flags: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escape(name)}(?![\\p{L}\\p{N}])`, flags);

/** Tells which texts a side may read: those that give no number about another side's combatants. */
export function sideReader(combatants: readonly Named[], side: string): (text: string) => boolean {
  const words = (list: readonly Named[], flags: string) =>
    list.flatMap((c) => [c.name, c.id]).map((n) => wordOf(n, flags));
  const others = words(
    combatants.filter((c) => c.side !== side),
    "iu",
  );
  const everyone = words(combatants, "giu");
  return (text) => {
    if (!others.some((w) => w.test(text))) return true;
    const bare = everyone.reduce((t, w) => t.replace(w, ""), text);
    return !/\d/.test(bare);
  };
}

/** The answers of the last step: from the last decision on (as the GM's page counts a step). */
function lastStep(log: readonly Answer[]): readonly Answer[] {
  let start = log.length - 1;
  while (start > 0 && log[start]!.kind === "roll") start -= 1;
  return log.slice(Math.max(0, start));
}

function valueText(value: Json): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The last result that side `side` may see, or null before anything happened. */
export function sideResult(
  log: readonly Answer[],
  explanations: readonly Explanation[],
  combatants: readonly Named[],
  sides: readonly { readonly id: string; readonly name: string }[],
  side: string,
): PlayerResultJson | null {
  const at = Math.max(0, ...explanations.map((e) => e.at));
  if (at === 0) return null;
  const readable = sideReader(combatants, side);
  const step = lastStep(log.slice(0, at));
  const start = at - step.length;
  const nameOf = (id: string) =>
    combatants.find((c) => c.id === id)?.name ?? sides.find((s) => s.id === id)?.name ?? id;
  const first = step[0];
  let heading = "Before the first answer";
  if (first?.kind === "roll") heading = readable(first.label) ? first.label : "A roll";
  else if (first?.kind === "decide") {
    const label = (first as { readonly label?: string }).label;
    const text = label ?? `${first.question}: ${valueText(first.value)}`;
    const own =
      first.actor === side || combatants.some((c) => c.id === first.actor && c.side === side);
    heading =
      first.actor === "gm"
        ? "The GM's ruling"
        : own || readable(text)
          ? `${nameOf(first.actor)}: ${text}`
          : `${nameOf(first.actor)} decides`;
  }
  const rolls = step.flatMap((a) => {
    if (a.kind !== "roll") return [];
    const dice = a.dice ?? `= ${a.value}`;
    if (!readable(`${a.label} ${dice}`)) return [];
    return [{ label: a.label, dice, ...(a.by === undefined ? {} : { by: a.by }) }];
  });
  const caused = explanations.filter((e) => e.at > start && e.at <= at);
  const shown = caused.filter((e) => readable(e.text)).map(({ rule, text }) => ({ rule, text }));
  const rolled = step.filter((a) => a.kind === "roll").length;
  return {
    at,
    heading,
    rolls,
    changes: [],
    explanations: shown,
    withheld: rolled - rolls.length + caused.length - shown.length,
  };
}
