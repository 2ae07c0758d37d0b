// One encounter as the console holds it: loaded and polled from the API (an unchanged encounter
// costs a 304), so that a change made elsewhere (another tab, the API) shows up; `act` sends a
// change and shows the encounter the API answers with, or the API's error.
import { useCallback, useEffect, useRef, useState } from "react";
import { api, ApiError } from "./api.js";
import { freshest } from "./freshest.js";
import type { Encounter } from "./types.js";

export function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

/** A change that a poll brought in: made elsewhere, not by this page. */
export interface ChangedElsewhere {
  readonly from: number;
  readonly to: number;
}

export function useEncounter(id: number, pollMs?: number) {
  const [encounter, setEncounter] = useState<Encounter | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);
  const [elsewhere, setElsewhere] = useState<ChangedElsewhere | null>(null);
  // The version shown, for the poll to tell a change made elsewhere from its own stale reply.
  const shown = useRef<Encounter | null>(null);
  // A change of this page's in flight: its reply, not a poll, tells what it did.
  const acting = useRef(false);
  const show = useCallback((next: Encounter) => {
    shown.current = freshest(shown.current, next);
    setEncounter(shown.current);
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

  const poll = useCallback(async () => {
    if (document.hidden || acting.current) return;
    try {
      const before = shown.current;
      const next = await api.get(id);
      if (acting.current) return;
      if (before !== null && shown.current === before && next.version > before.version) {
        setElsewhere({ from: before.version, to: next.version });
      }
      show(next);
    } catch (thrown) {
      // A failed poll is tried again at the next tick (an error box would flicker), but an
      // encounter deleted elsewhere is gone for good: say so.
      if (thrown instanceof ApiError && thrown.status === 404) setError(thrown);
    }
  }, [id, show]);

  useEffect(() => {
    void load();
    if (pollMs === undefined) return;
    const timer = window.setInterval(() => void poll(), pollMs);
    return () => window.clearInterval(timer);
  }, [load, poll, pollMs]);

  const act = useCallback(
    async (change: () => Promise<Encounter>) => {
      setBusy(true);
      acting.current = true;
      setElsewhere(null);
      try {
        show(await change());
        setError(null);
      } catch (thrown) {
        setError(asError(thrown));
        // Changed elsewhere since (409): show the encounter as it now is.
        if (thrown instanceof ApiError && thrown.status === 409) await load(true);
      } finally {
        acting.current = false;
        setBusy(false);
      }
    },
    [load, show],
  );

  return { encounter, error, busy, elsewhere, act };
}
