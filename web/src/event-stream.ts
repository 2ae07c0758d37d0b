// Server-sent events read with fetch (the API's live routes, docs/http-api.md "Live"): unlike
// EventSource, fetch sends the page's credential in a header. A dropped stream is opened again
// after a pause that grows while it keeps failing, with Last-Event-ID, so the server sends
// only what changed meanwhile; a refusal (401, 403, 404) ends it for good.
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

/** Follows `url` until the function returned is called. */
export function openStream(
  url: string,
  headers: () => Record<string, string>,
  handlers: StreamHandlers,
): () => void {
  const abort = new AbortController();
  let lastId: string | undefined;
  let pause = 1000;
  let failures = 0;
  const run = async () => {
    while (!abort.signal.aborted) {
      try {
        const response = await fetch(url, {
          signal: abort.signal,
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
        handlers.onLive(true);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
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
      }
      handlers.onLive(false);
      failures += 1;
      await new Promise((wake) =>
        window.setTimeout(wake, Math.min(MAX_PAUSE_MS, pause * 2 ** Math.min(4, failures - 1))),
      );
    }
  };
  void run();
  return () => abort.abort();
}
