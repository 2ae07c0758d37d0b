// A player's screen's state: pushed by the stream of its link (player-api.ts) and, only while
// that stream is down, asked for every few seconds with its ETag; `act` sends a move and shows
// what the API answers, or its error. Each state shown is announced to the page as a
// `fray-state` event (its version and how it came: push, poll or reply), for tests to time.
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, playerApi } from "./player-api.js";
import type { PlayerState } from "./types.js";
import { asError } from "./use-encounter.js";

/** How often the screen asks while its stream is down. */
const POLL_MS = 3000;

export type Via = "push" | "poll" | "reply";

/** Why the screen has nothing more to show: its link revoked, its encounter deleted. */
export type Gone = "revoked" | "deleted";

export function usePlayer(token: string) {
  const [state, setState] = useState<PlayerState | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);
  const [live, setLive] = useState(false);
  const [gone, setGone] = useState<Gone | null>(null);
  const shown = useRef<PlayerState | null>(null);
  const etag = useRef<string | null>(null);
  const liveRef = useRef(false);

  const show = useCallback((next: PlayerState, via: Via) => {
    if (shown.current !== null && next.version < shown.current.version) return;
    shown.current = next;
    setState(next);
    window.dispatchEvent(new CustomEvent("fray-state", { detail: { version: next.version, via } }));
  }, []);

  const refused = useCallback((thrown: unknown) => {
    const e = asError(thrown);
    setError(e);
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) setGone("revoked");
  }, []);

  useEffect(() => {
    const stop = playerApi.follow(token, {
      onEvent: (event) => {
        if (event.type === "state") show(JSON.parse(event.data) as PlayerState, "push");
        else if (event.type === "revoked") setGone("revoked");
        else if (event.type === "deleted") setGone("deleted");
      },
      onLive: (up) => {
        liveRef.current = up;
        setLive(up);
      },
      onRefused: refused,
    });
    const poll = async () => {
      if (liveRef.current || document.hidden) return;
      try {
        const got = await playerApi.get(token, etag.current);
        if (got === null) return;
        etag.current = got.etag;
        show(got.state, "poll");
      } catch (thrown) {
        if (thrown instanceof ApiError) refused(thrown);
      }
    };
    void poll();
    const timer = window.setInterval(() => void poll(), POLL_MS);
    return () => {
      stop();
      window.clearInterval(timer);
    };
  }, [token, show, refused]);

  const act = useCallback(
    async (change: () => Promise<PlayerState>) => {
      setBusy(true);
      try {
        show(await change(), "reply");
        setError(null);
      } catch (thrown) {
        setError(asError(thrown));
      } finally {
        setBusy(false);
      }
    },
    [show],
  );

  return { state, error, busy, live, gone, act };
}
