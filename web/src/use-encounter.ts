// One encounter as the console holds it: loaded from the API, then pushed every change made
// elsewhere (another tab, a player, the API) by its stream (gm-live.ts), and polled only while
// that stream is down (an unchanged encounter costs a 304), and asked for at once when the page
// comes back on the network or awake with its stream dead; `act` sends a change and shows the
// encounter the API answers with, or the API's error.
import { useCallback, useEffect, useRef, useState } from "react";
import { api, ApiError } from "./api.js";
import { freshest } from "./freshest.js";
import { followEncounter } from "./gm-live.js";
import type { Encounter } from "./types.js";

/**
 * Why the GM's change was not sent, when no answer came at all: the page off the network, or
 * Fray's server not answering (stopped, restarting) with the page on it. The rehearsal's server
 * stopped and its page, on the network, was told "do it again once the page is back on the
 * network".
 */
export const GM_OFFLINE =
  "Not sent: this page has lost its connection to the network. Nothing was changed: do it again once it is back on it.";
export const GM_SERVER_SILENT =
  "Not sent: Fray's server is not answering (stopped, or restarting). Nothing was changed: do it again once the page no longer says so.";

/** A change that never reached the server: cleared once the server answers again. */
class NotSent extends Error {}

export function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

/** A change that a poll brought in: made elsewhere, not by this page. */
export interface ChangedElsewhere {
  readonly from: number;
  readonly to: number;
  /** The answers given before it: those after are the change's, when it added some. */
  readonly answers: number;
}

/**
 * What a control of the GM's page that changes the encounter is given: the encounter shown,
 * whether a change is under way, and `act` (useEncounter's) to send one.
 */
export interface ChangeControl {
  readonly encounter: Encounter;
  readonly busy: boolean;
  readonly act: (change: () => Promise<Encounter>) => void;
}

export function useEncounter(id: number, pollMs?: number) {
  const [encounter, setEncounter] = useState<Encounter | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);
  const [elsewhere, setElsewhere] = useState<ChangedElsewhere | null>(null);
  /**
   * Whether Fray's server answers: false once a request of the page's got no answer at all (a
   * poll while the stream is down, a change), true again at its next answer or stream.
   */
  const [answering, setAnswering] = useState(true);
  // The version shown, for the poll to tell a change made elsewhere from its own stale reply.
  const shown = useRef<Encounter | null>(null);
  // A change of this page's in flight: its reply, not a poll, tells what it did.
  const acting = useRef(false);
  // Whether the stream is open: the page polls only while it is not.
  const live = useRef(false);
  // A state pushed while this page's change is in flight, shown with the change's reply: shown
  // at once, the screen would run ahead of the change (keys are refused until it ends).
  const held = useRef<Encounter | null>(null);
  const show = useCallback((next: Encounter) => {
    shown.current = freshest(shown.current, next);
    setEncounter(shown.current);
  }, []);
  /** The server answered (or not: `heard` false): a change it did not get is old news once it does. */
  const heard = useCallback((yes: boolean) => {
    setAnswering(yes);
    if (yes) setError((e) => (e instanceof NotSent ? null : e));
  }, []);

  /** `keepError`: the encounter reloaded to show after a refusal, which stays on screen. */
  const load = useCallback(
    async (keepError = false) => {
      try {
        show(await api.get(id));
        if (!keepError) setError(null);
      } catch (thrown) {
        setError(asError(thrown));
      }
    },
    [id, show],
  );

  /**
   * Shows an encounter changed elsewhere, and says so (unless this page's own change is in
   * flight: its reply tells, and the newer of the two is shown when it comes).
   */
  const arrived = useCallback(
    (before: Encounter | null, next: Encounter) => {
      if (acting.current) {
        held.current = next;
        return;
      }
      if (before !== null && shown.current === before && next.version > before.version) {
        setElsewhere({ from: before.version, to: next.version, answers: before.answers });
      }
      show(next);
    },
    [show],
  );

  /** `always`: asked even with the stream live (it was dead: what it missed is wanted now). */
  const poll = useCallback(
    async (always = false) => {
      if (document.hidden || acting.current || (live.current && !always)) return;
      try {
        const before = shown.current;
        arrived(before, await api.get(id));
        heard(true);
      } catch (thrown) {
        // A failed poll is tried again at the next tick (an error box would flicker), but an
        // encounter deleted elsewhere is gone for good: say so. No answer at all: the server
        // is not answering, said beside the title.
        if (thrown instanceof ApiError && thrown.status === 404) setError(thrown);
        heard(!(thrown instanceof TypeError));
      }
    },
    [id, arrived, heard],
  );

  useEffect(() => {
    void load();
    if (pollMs === undefined) return;
    const stop = followEncounter(id, {
      state: (next) => arrived(shown.current, next),
      // The stream dropped: asked at once whether the server answers (the rehearsal's page said
      // nothing of the stopped server until the GM acted).
      live: (up) => {
        const was = live.current;
        live.current = up;
        if (up) heard(true);
        else if (was) void poll();
      },
      gone: (e) => setError(e),
      woke: () => void poll(true),
    });
    const timer = window.setInterval(() => void poll(), pollMs);
    return () => {
      stop();
      window.clearInterval(timer);
    };
  }, [id, load, poll, pollMs, arrived, heard]);

  const act = useCallback(
    async (change: () => Promise<Encounter>) => {
      setBusy(true);
      acting.current = true;
      setElsewhere(null);
      try {
        show(await change());
        setError(null);
        heard(true);
      } catch (thrown) {
        // fetch rejects with a TypeError only when no answer came at all (offline, the server
        // down): said so, not the browser's "Failed to fetch".
        const silent = thrown instanceof TypeError;
        heard(!silent);
        setError(
          silent ? new NotSent(navigator.onLine ? GM_SERVER_SILENT : GM_OFFLINE) : asError(thrown),
        );
        // Changed elsewhere since (409): show the encounter as it now is.
        if (thrown instanceof ApiError && thrown.status === 409) await load(true);
      } finally {
        acting.current = false;
        if (held.current !== null) show(held.current);
        held.current = null;
        setBusy(false);
      }
    },
    [load, show, heard],
  );

  return { encounter, error, busy, elsewhere, act, answering };
}
