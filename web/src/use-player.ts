// A player's screen's state: pushed by the stream of its link (player-api.ts) and, only while
// that stream is down, asked for every few seconds with its ETag; a dead stream opened anew when
// the phone is back on the network or awake; `act` sends a move and shows what the API answers, or
// why not in the player's words (player-refusal.ts). Each state shown is announced to the page as a
// `fray-state` event (its version and how it came: push, poll or reply), for tests to time. When
// the fight goes back (the GM undid), how many answers it went back, for the screen to say so;
// when the GM fights the fight again, the link moves on to the new encounter (`moved`): the
// stream is opened anew, the new fight shown from its start, and the screen told which it is.
import { useCallback, useEffect, useRef, useState } from "react";
import type { StreamHandlers } from "./event-stream.js";
import { ApiError, playerApi } from "./player-api.js";
import { MOVED_ON, playerRefusal } from "./player-refusal.js";
import type { PlayerState } from "./types.js";
import { asError } from "./use-encounter.js";
import { useOnline } from "./use-online.js";

/** How often the screen asks while its stream is down. */
const POLL_MS = 3000;

export type Via = "push" | "poll" | "reply";

/** Why the screen has nothing more to show: its link revoked, its encounter deleted. */
export type Gone = "revoked" | "deleted";

/**
 * How many answers the GM has taken back, as the screen says it, once it shows `next` after
 * `before` (`said` so far): more when the fight went back (the GM undid), none once it goes on.
 */
export function tookBackAfter(said: number, before: PlayerState, next: PlayerState): number {
  if (next.tableAnswers < before.tableAnswers)
    return said + before.tableAnswers - next.tableAnswers;
  return next.tableAnswers > before.tableAnswers ? 0 : said;
}

/** What the GM's undo took back, as the screen says it: how many answers, and what they began. */
export interface TookBack {
  readonly answers: number;
  /** The step taken back (tookBackOf), or null when the undo left every step shown. */
  readonly what: { readonly heading: string; readonly yours: boolean } | null;
}

export const NOTHING_BACK: TookBack = { answers: 0, what: null };

/**
 * The step the GM's undo took back, once the screen shows `next` after `before`: the first of
 * the blow under way, the step so far and the last result `before` showed whose heading `next`
 * shows nowhere ("Janine the Pious: attack Goblin skirmisher with the mace"), and whether the
 * player made its decision; null when the undo took back a die inside a step still shown.
 */
export function stepTakenBack(before: PlayerState, next: PlayerState): TookBack["what"] {
  const shown = [next.blowSoFar, next.step, next.lastResult].map((s) => s?.heading);
  const gone = [before.blowSoFar, before.step, before.lastResult].find(
    (s) => s != null && !shown.includes(s.heading),
  );
  return gone == null
    ? null
    : { heading: gone.heading, yours: gone.player === next.player.name && gone.gmChose !== true };
}

/**
 * What the screen says the GM took back once it shows `next` after `before` (`said` so far):
 * the answers counted (tookBackAfter), with the newest step taken back, or the one said before
 * when this undo took back only a die.
 */
export function tookBackOf(said: TookBack, before: PlayerState, next: PlayerState): TookBack {
  const answers = tookBackAfter(said.answers, before, next);
  if (answers === 0) return NOTHING_BACK;
  if (answers === said.answers) return said;
  return { answers, what: stepTakenBack(before, next) ?? said.what };
}

/**
 * What the screen says once the GM's undo took back the player's part of an opposed roll, held
 * until the other came ("The GM took back your dodge die: roll it again."), after `before`
 * (`said` so far): said while the same roll asks for it again, none once it is given or the
 * fight moves on.
 */
export function partBackAfter(
  said: string | null,
  before: PlayerState,
  next: PlayerState,
  dropped = false,
): string | null {
  if (next.tableAnswers !== before.tableAnswers || next.turn?.yours !== true) return null;
  const gave = before.turn?.gave ?? null;
  if (before.turn?.waitingFor == null || gave === null) return said;
  // The connection down meanwhile (`dropped`): the server may have restarted, forgetting the part
  // it held in its memory (held-dice.ts), as well as the GM taken it back.
  return dropped
    ? `Your ${gave} was lost while the connection was down (the server restarted, or the GM took it back): roll it again.`
    : `The GM took back your ${gave}: roll it again.`;
}

/**
 * The encounter the GM started again under the screen, once it shows `next` after `before`
 * (`again` so far): the new one when the link moved on to another encounter, none once the
 * fight it shows has gone on past its first round.
 */
export function againAfter(
  again: number | null,
  before: PlayerState,
  next: PlayerState,
): number | null {
  if (next.id !== before.id) return next.id;
  return again === next.id && next.round <= 1 ? again : null;
}

export function usePlayer(token: string) {
  const [state, setState] = useState<PlayerState | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);
  const [live, setLive] = useState(false);
  const [gone, setGone] = useState<Gone | null>(null);
  const [tookBack, setTookBack] = useState<TookBack>(NOTHING_BACK);
  const [partBack, setPartBack] = useState<string | null>(null);
  const [again, setAgain] = useState<number | null>(null);
  /** Bumped when the link moves on to the fight fought again: its stream is opened anew. */
  const [moves, setMoves] = useState(0);
  const online = useOnline();
  const shown = useRef<PlayerState | null>(null);
  const etag = useRef<string | null>(null);
  const liveRef = useRef(false);
  /** The stream went down since the state shown (a part held may be lost: partBackAfter). */
  const dropped = useRef(false);

  const show = useCallback((next: PlayerState, via: Via) => {
    const before = shown.current;
    // Another encounter's state (the fight fought again) is newer whatever its version.
    if (before !== null && next.id === before.id && next.version < before.version) return;
    if (before !== null) {
      setTookBack((said) =>
        next.id === before.id ? tookBackOf(said, before, next) : NOTHING_BACK,
      );
      const down = dropped.current;
      setPartBack((said) =>
        next.id === before.id ? partBackAfter(said, before, next, down) : null,
      );
      setAgain((was) => againAfter(was, before, next));
    }
    shown.current = next;
    dropped.current = false;
    setState(next);
    window.dispatchEvent(new CustomEvent("fray-state", { detail: { version: next.version, via } }));
  }, []);

  const refused = useCallback((thrown: unknown) => {
    const e = asError(thrown);
    setError(e);
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) setGone("revoked");
  }, []);

  useEffect(() => {
    const handlers: StreamHandlers = {
      onEvent: (event) => {
        if (event.type === "state") show(JSON.parse(event.data) as PlayerState, "push");
        else if (event.type === "revoked") setGone("revoked");
        else if (event.type === "deleted") setGone("deleted");
        // The GM fought the fight again: a stream of its own, with no Last-Event-ID of the old.
        else if (event.type === "moved") setMoves((n) => n + 1);
      },
      onLive: (up) => {
        if (!up && liveRef.current) dropped.current = true;
        liveRef.current = up;
        setLive(up);
      },
      onRefused: refused,
    };
    const stream = playerApi.follow(token, handlers);
    const ask = async () => {
      try {
        const got = await playerApi.get(token, etag.current);
        if (got === null) return;
        etag.current = got.etag;
        show(got.state, "poll");
      } catch (thrown) {
        if (thrown instanceof ApiError) refused(thrown);
      }
    };
    const poll = async () => {
      if (!liveRef.current && !document.hidden) await ask();
    };
    // Back on the network or awake again: a stream that died meanwhile (silent past the server's
    // heartbeat, or pausing after a failure) is opened anew at once, and the state asked for once
    // so that nothing pushed while it was dead is missed; a live one is kept (event-stream.ts).
    const wake = () => {
      if (!navigator.onLine || document.hidden) return;
      if (stream.wake()) void ask();
    };
    window.addEventListener("online", wake);
    document.addEventListener("visibilitychange", wake);
    void poll();
    const timer = window.setInterval(() => void poll(), POLL_MS);
    return () => {
      stream.stop();
      window.clearInterval(timer);
      window.removeEventListener("online", wake);
      document.removeEventListener("visibilitychange", wake);
    };
  }, [token, show, refused, moves]);

  const act = useCallback(
    /** Sends a move; true once its reply is shown, false when refused (the error says why). */
    async (change: () => Promise<PlayerState>): Promise<boolean> => {
      setBusy(true);
      try {
        show(await change(), "reply");
        setError(null);
        return true;
      } catch (thrown) {
        const said = playerRefusal(thrown);
        setError(said);
        // The fight moved on while the player answered: show it as it is now at once, not when
        // the stream (which may have dropped the change) or the next poll brings it.
        if (said.message === MOVED_ON) {
          const got = await playerApi.get(token, null).catch(() => null);
          if (got !== null) show(got.state, "poll");
        }
        return false;
      } finally {
        setBusy(false);
      }
    },
    [show, token],
  );

  return {
    state,
    error,
    busy,
    live: live && online,
    online,
    gone,
    tookBack,
    partBack,
    again,
    act,
  };
}
