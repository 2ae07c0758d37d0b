// What several steps played at once did to the fight ("Play to the end of the round", or of the
// fight): the last result tells the last step alone, and a GM who pressed `e` in tnt's group
// fight saw Oswin at 6/20 HP with no word of who hurt him or when. Each combatant's bars that
// changed, who fell out and who joined, between the encounter shown before and the one now, as
// the last result says one step's ("Oswin: -14 HP (to 6/20 HP)").
import { outText } from "../../src/engine/out-words.js";
import { barText } from "./components/combatant-card.js";
import type { CombatantView, Encounter } from "./types.js";

/** Several steps played at once: how many answers, to what point, and what they changed. */
export interface Played {
  readonly answers: number;
  /** "round 2" (the ruleset's word: "melee 2", "turn 1"), or null once the fight is over. */
  readonly to: string | null;
  /**
   * "Oswin: -14 HP (to 6/20 HP)", "Cutter: -27 HP (to -9/18 HP), taken out"; less those the last
   * result says as they are (cartyrion's three goblins withdrawing in the last step).
   */
  readonly changes: readonly string[];
  /** Whether the last result says every change there was. */
  readonly allInLast: boolean;
}

/** A bar's change, signed as the last result says it: "-14 HP (to 6/20 HP)", "+9 injuries (…)". */
function barChanges(was: CombatantView, now: CombatantView): string[] {
  return now.health.flatMap((bar) => {
    const prev = was.health.find((b) => b.label === bar.label);
    if (prev === undefined || prev.value === bar.value) return [];
    const by = bar.value - prev.value;
    return [`${by > 0 ? "+" : "-"}${Math.abs(by)} ${bar.unit} (to ${barText(bar)})`];
  });
}

/** Each combatant's changes from `before` to `after`, in the order of the cards. */
export function changesBetween(
  before: readonly CombatantView[],
  after: readonly CombatantView[],
): string[] {
  const was = new Map(before.map((c) => [c.id, c]));
  return after.flatMap((c) => {
    const old = was.get(c.id);
    if (old === undefined) return [`${c.name} joins the fight`];
    const said = [...barChanges(old, c), ...(c.out && !old.out ? [outText(c.outAs)] : [])];
    return said.length === 0 ? [] : [`${c.name}: ${said.join(", ")}`];
  });
}

/**
 * What the answers from `before` to `after` did, when they are more than one step: two or more
 * decisions added to the log as it was (an undo's or a redo's are not, nor one step's); else null.
 */
export function playedBetween(before: Encounter | null, after: Encounter): Played | null {
  if (before === null || before.id !== after.id) return null;
  const had = before.log.length;
  const added = after.log.slice(had);
  if (added.filter((a) => a.kind !== "roll").length < 2) return null;
  if (JSON.stringify(after.log.slice(0, had)) !== JSON.stringify(before.log)) return null;
  const all = changesBetween(before.views.gm, after.views.gm);
  const said = new Set(after.lastResult?.outcome ?? []);
  const changes = all.filter((c) => !said.has(c));
  return {
    answers: added.length,
    to: after.status === "over" ? null : after.order.label.toLowerCase(),
    changes,
    allInLast: all.length > 0 && changes.length === 0,
  };
}
