// Server-sent events read with fetch (the API's live routes, docs/http-api.md "Live"): unlike
// EventSource, fetch sends the page's credential in a header. A dropped stream is opened again
// after a pause that grows while it keeps failing, with Last-Event-ID, so the server sends
// only what changed meanwhile; a refusal (401, 403, 404) ends it for good. A stream can also die
// without an error (a phone asleep, a Wi-Fi lost): one silent past the server's heartbeat is
// taken for dead and opened again at once, as is one in its pause when the page asks (`wake`).
import { ApiError, errorOf } from "./api.js";

export interface StreamEvent {
  readonly type: string;
  readonly data: string;
  readonly id: string | undefined;
}

/** Splits what arrived into whole events; the rest (an event not yet ended) is kept. */
export function readEvents(buffer: string): {
  events: StreamEvent[];
  rest: string;
  retry?: number;
} {
  const events: StreamEvent[] = [];
  let retry: number | undefined;
  const blocks = buffer.replace(/\r\n?/g, "\n").split("\n\n");
  const rest = blocks.pop() ?? "";
  for (const block of blocks) {
    let type = "message";
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line === "" || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") type = value;
      else if (field === "data") data.push(value);
      else if (field === "id") id = value;
      else if (field === "retry" && /^\d+$/.test(value)) retry = Number(value);
    }
    if (data.length > 0) events.push({ type, data: data.join("\n"), id });
  }
  return { events, rest, ...(retry === undefined ? {} : { retry }) };
}

export interface StreamHandlers {
  readonly onEvent: (event: StreamEvent) => void;
  /** The stream is open (true) or down and being tried again (false). */
  readonly onLive: (live: boolean) => void;
  /** The server refused the stream (a revoked link, a deleted encounter): it is not tried again. */
  readonly onRefused: (error: ApiError) => void;
}

/** The longest pause between two tries. */
const MAX_PAUSE_MS = 15_000;

/**
 * How long an open stream may stay silent before it is taken for dead: the server writes a
 * comment every 20 s (HEARTBEAT_MS in src/server/live.ts), and a loaded machine may be late.
 */
export const SILENCE_MS = 30_000;

/** How often an open stream's silence is looked at. */
const WATCH_MS = 5000;

/** Where a stream is: asking, open (heard last at `heard`, the page's clock), or pausing. */
export type StreamPhase =
  | { readonly kind: "asking" }
  | { readonly kind: "open"; readonly heard: number }
  | { readonly kind: "pausing" };

/** Whether a stream in `phase` is dead at `now` (silent past the heartbeat) or pausing. */
export function isDead(phase: StreamPhase, now: number): boolean {
  switch (phase.kind) {
    case "asking":
      return false;
    case "open":
      return now - phase.heard > SILENCE_MS;
    case "pausing":
      return true;
  }
}

export interface Stream {
  /** Stops following. */
  readonly stop: () => void;
  /**
   * Opens the stream again at once if it is dead (silent past the heartbeat, or pausing after a
   * failure), as a page back on the network or awake does; true if it did. A live stream is
   * kept: each new one costs the server a stream and the page a state sent again.
   */
  readonly wake: () => boolean;
}

/** Follows `url` until `stop` is called. */
export function openStream(
  url: string,
  headers: () => Record<string, string>,
  handlers: StreamHandlers,
): Stream {
  const abort = new AbortController();
  let lastId: string | undefined;
  let pause = 1000;
  let failures = 0;
  let phase: StreamPhase = { kind: "asking" };
  /** Ends the present try (its fetch, or its pause) and starts the next at once. */
  let again = () => {};
  const run = async () => {
    while (!abort.signal.aborted) {
      const attempt = new AbortController();
      const ended = () => attempt.abort();
      abort.signal.addEventListener("abort", ended);
      again = () => {
        failures = 0;
        attempt.abort();
      };
      phase = { kind: "asking" };
      try {
        const response = await fetch(url, {
          signal: attempt.signal,
          cache: "no-store",
          headers: {
            ...headers(),
            accept: "text/event-stream",
            ...(lastId === undefined ? {} : { "last-event-id": lastId }),
          },
        });
        if (!response.ok) {
          const error = await errorOf(response);
          if ([401, 403, 404].includes(response.status)) {
            handlers.onRefused(error);
            return;
          }
          throw error;
        }
        if (response.body === null) throw new Error("no stream");
        failures = 0;
        phase = { kind: "open", heard: Date.now() };
        handlers.onLive(true);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          // Anything heard (the heartbeat's comment too) says the stream is alive.
          phase = { kind: "open", heard: Date.now() };
          const read = readEvents(buffer + value);
          buffer = read.rest;
          if (read.retry !== undefined) pause = read.retry;
          for (const event of read.events) {
            if (event.id !== undefined) lastId = event.id;
            handlers.onEvent(event);
          }
        }
      } catch {
        if (abort.signal.aborted) return;
      } finally {
        abort.signal.removeEventListener("abort", ended);
      }
      handlers.onLive(false);
      if (attempt.signal.aborted) continue; // woken: at once
      failures += 1;
      phase = { kind: "pausing" };
      await new Promise<void>((wake) => {
        const timer = window.setTimeout(
          wake,
          Math.min(MAX_PAUSE_MS, pause * 2 ** Math.min(4, failures - 1)),
        );
        again = () => {
          failures = 0;
          window.clearTimeout(timer);
          wake();
        };
      });
    }
  };
  void run();
  const wake = () => {
    if (abort.signal.aborted || !isDead(phase, Date.now())) return false;
    again();
    return true;
  };
  // A stream that died in silence brings no error: its silence is watched (the GM's page's too).
  const watch = window.setInterval(() => {
    if (phase.kind === "open") wake();
  }, WATCH_MS);
  return {
    stop: () => {
      window.clearInterval(watch);
      abort.abort();
    },
    wake,
  };
}
