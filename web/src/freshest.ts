// Which copy of an encounter the console shows when replies cross: the page polls while the GM
// acts, so a poll sent before a change can come back after it. Versions only grow (every change
// adds one), so the copy with the higher version is the newer one.
import type { Encounter, Pending } from "./types.js";

/**
 * The encounter to show once `next` arrives: `next`, unless the page already shows this
 * encounter at the same version (kept as it is: nothing to draw again) or a newer one.
 */
export function freshest(shown: Encounter | null, next: Encounter): Encounter {
  if (shown === null || shown.id !== next.id) return next;
  return shown.version >= next.version ? shown : next;
}

/**
 * What a prompt for the pending choice is about: the same while the same choice waits at the
 * same point of the log, whatever else changed, so that a prompt keeps what the GM is typing
 * until the choice itself is answered (here or elsewhere).
 */
export function pendingKey(answers: number, pending: Pending): string {
  return pending.kind === "roll"
    ? `${answers}:roll:${pending.label}`
    : `${answers}:${pending.actor}:${pending.question}`;
}
