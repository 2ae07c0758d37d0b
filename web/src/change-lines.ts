// The changes of a step as the last result lists them, a condition that came to (or left)
// several combatants said once: "Goblin spearman, Goblin shieldbearer, Goblin skirmisher and
// Goblin crossbowman: now surprised", where cartyrion's ambush listed it a line a goblin, four of
// a phone's last result. Only a condition said by its label, a word and its time left ("now
// surprised (1 round)", "no longer withdrawing"), which reads alike after any number of names; a
// condition's own words ("its club breaks", "now attacks in anger") stay a line a combatant.
import { andList } from "../../src/engine/or-list.js";

/** A change said by a condition's one-word label: "now surprised (1 round)", "no longer prone". */
const ALIKE = /^(?:now|no longer) [a-z]+(?: \(\d+ [a-z]+\))?$/u;

/** `changes` as lines, in their order, the alike ones of several combatants on the first's line. */
export function changeLines(
  changes: readonly { readonly name: string; readonly text: string }[],
): string[] {
  const lines: { names: string[]; what: string | null; text: string }[] = [];
  for (const c of changes) {
    const said = c.text.startsWith(`${c.name}: `) ? c.text.slice(c.name.length + 2) : "";
    const what = ALIKE.test(said) ? said : null;
    const alike = what === null ? undefined : lines.find((l) => l.what === what);
    if (alike === undefined) lines.push({ names: [c.name], what, text: c.text });
    else alike.names.push(c.name);
  }
  return lines.map((l) =>
    l.what === null || l.names.length === 1 ? l.text : `${andList(l.names)}: ${l.what}`,
  );
}
