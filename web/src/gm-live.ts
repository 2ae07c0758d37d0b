// The GM's page live (docs/http-api.md, "Live"): one stream per encounter, whichever parts of
// the page follow it (the encounter itself, its players' links), each told the last state and
// links at once and every change after. Back on the network or awake again (a laptop's lid
// opened), a dead stream is opened anew at once and its followers told to catch up.
import { ApiError, type ApiError as ApiErrorType } from "./api.js";
import { bearer, gmSecret } from "./credentials.js";
import { openStream, type Stream } from "./event-stream.js";
import type { Encounter, PlayerLink } from "./types.js";

export interface EncounterListener {
  readonly state?: (encounter: Encounter) => void;
  readonly players?: (players: readonly PlayerLink[]) => void;
  /** The stream is open (true) or down (false): the page polls while it is down. */
  readonly live?: (live: boolean) => void;
  /** The encounter is gone (deleted), or the stream refused. */
  readonly gone?: (error: ApiErrorType) => void;
  /**
   * The page is back on the network or awake, and its stream was dead (now opened anew): what
   * changed meanwhile may be asked for at once, not when the stream brings it.
   */
  readonly woke?: () => void;
}

interface Followed {
  readonly listeners: Set<EncounterListener>;
  readonly stream: Stream;
  /** Stops listening for the browser's network and visibility. */
  readonly unwatch: () => void;
  state?: Encounter;
  players?: readonly PlayerLink[];
  live: boolean;
}

const followed = new Map<number, Followed>();

function deleted(id: number): ApiError {
  return new ApiError(404, {
    error: `no encounter ${id}`,
    where: "id",
    hint: "GET /encounters lists them",
  });
}

/** Follows encounter `id` until the function returned is called. */
export function followEncounter(id: number, listener: EncounterListener): () => void {
  let f = followed.get(id);
  if (f === undefined) {
    const listeners = new Set<EncounterListener>();
    // A stream that died while the laptop slept or was off the network (silent past the
    // heartbeat, or pausing after a failure) is opened anew as the page comes back; a live one
    // is kept (event-stream.ts).
    const wake = () => {
      if (!navigator.onLine || document.hidden || !entry.stream.wake()) return;
      for (const l of listeners) l.woke?.();
    };
    window.addEventListener("online", wake);
    document.addEventListener("visibilitychange", wake);
    const entry: Followed = {
      listeners,
      live: false,
      unwatch: () => {
        window.removeEventListener("online", wake);
        document.removeEventListener("visibilitychange", wake);
      },
      // Says it is the console's: another site's page cannot (request-guard.ts).
      stream: openStream(
        `/encounters/${id}/events`,
        () => ({ ...bearer(gmSecret()), "fray-request": "1" }),
        {
          onEvent: (event) => {
            if (event.type === "state") {
              entry.state = JSON.parse(event.data) as Encounter;
              for (const l of listeners) l.state?.(entry.state);
            } else if (event.type === "players") {
              entry.players = (JSON.parse(event.data) as { players: PlayerLink[] }).players;
              for (const l of listeners) l.players?.(entry.players);
            } else if (event.type === "deleted") {
              for (const l of listeners) l.gone?.(deleted(id));
            }
          },
          onLive: (live) => {
            entry.live = live;
            for (const l of listeners) l.live?.(live);
          },
          onRefused: (error) => {
            for (const l of listeners) l.gone?.(error);
          },
        },
      ),
    };
    f = entry;
    followed.set(id, f);
  }
  f.listeners.add(listener);
  if (f.state !== undefined) listener.state?.(f.state);
  if (f.players !== undefined) listener.players?.(f.players);
  listener.live?.(f.live);
  const entry = f;
  return () => {
    entry.listeners.delete(listener);
    if (entry.listeners.size > 0) return;
    entry.stream.stop();
    entry.unwatch();
    followed.delete(id);
  };
}
