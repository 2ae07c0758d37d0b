// Which states of a player's screen alert the player (docs/console.md, "The players' screens"):
// each new choice of the player's, once. A choice is known by where it stands in the log (the
// rolls and decisions given: a change by the GM's hand, logged as an answer too, moves no choice)
// and what it asks; the choices seen are kept in the browser, so that a reload or a change
// elsewhere (the GM's by hand, another player's screen) while the same choice waits alerts
// nobody again. A decision alerts; a roll only when it does not follow another choice of
// the player's (the dice of the attack just chosen: the player is at the screen already).
import { pendingKey } from "./freshest.js";
import type { PlayerState } from "./types.js";

/** The choices remembered per link: a fight's last ones are enough to know a new one. */
export const SEEN_MAX = 40;

/** Where the choices a link has seen are kept in the browser. */
export const seenStoreKey = (state: Pick<PlayerState, "id" | "player">) =>
  `fray.player-seen.${state.id}.${state.player.id}`;

/** The player's pending choice, as the alert knows it; null when none is the player's. */
export function choiceKey(state: Pick<PlayerState, "tableAnswers" | "pending">): string | null {
  return state.pending === null ? null : pendingKey(state.tableAnswers, state.pending);
}

export interface Seen {
  /** The choices seen, newest last (at most SEEN_MAX). */
  readonly seen: readonly string[];
  /** Whether to alert the player now. */
  readonly alert: boolean;
}

/**
 * What state `state` does to the choices seen: a new choice of the player's joins them, and
 * alerts the player if it is a decision, or a roll that follows no choice of theirs (`afterMine`:
 * the state shown before held one).
 */
export function see(
  seen: readonly string[],
  state: Pick<PlayerState, "tableAnswers" | "pending">,
  afterMine: boolean,
): Seen {
  const key = choiceKey(state);
  if (key === null || seen.includes(key)) return { seen, alert: false };
  const alert = state.pending?.kind === "decide" || !afterMine;
  return { seen: [...seen, key].slice(-SEEN_MAX), alert };
}
