// One encounter as the console holds it: loaded (and, for the player's screen, polled) from the
// API; `act` sends a change and shows the encounter the API answers with, or the API's error.
import { useCallback, useEffect, useState } from "react";
import { api, ApiError } from "./api.js";
import type { Encounter } from "./types.js";

export function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

export function useEncounter(id: number, pollMs?: number) {
  const [encounter, setEncounter] = useState<Encounter | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);

  /** `keepError`: the encounter reloaded to show after a refusal, which stays on screen. */
  const load = useCallback(
    async (keepError = false) => {
      try {
        setEncounter(await api.get(id));
        if (!keepError) setError(null);
      } catch (thrown) {
        setError(asError(thrown));
      }
    },
    [id],
  );

  useEffect(() => {
    void load();
    if (pollMs === undefined) return;
    const timer = window.setInterval(() => void load(), pollMs);
    return () => window.clearInterval(timer);
  }, [load, pollMs]);

  const act = useCallback(
    async (change: () => Promise<Encounter>) => {
      setBusy(true);
      try {
        setEncounter(await change());
        setError(null);
      } catch (thrown) {
        setError(asError(thrown));
        // Changed elsewhere since (409): show the encounter as it now is.
        if (thrown instanceof ApiError && thrown.status === 409) await load(true);
      } finally {
        setBusy(false);
      }
    },
    [load],
  );

  return { encounter, error, busy, act };
}
