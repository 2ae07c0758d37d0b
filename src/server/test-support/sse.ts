// Test helper: follows a server-sent event stream over a real socket (fetch), collecting its
// events, as a browser's page would read them.

export interface SseEvent {
  readonly type: string;
  readonly id: string | undefined;
  readonly data: unknown;
}

export interface Followed {
  readonly events: SseEvent[];
  /** Resolves with the first event (from now on or already in) that `test` accepts. */
  next(test: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves once the server has ended the stream. */
  readonly ended: Promise<void>;
  close(): void;
}

export async function follow(
  url: string,
  credential?: string,
  lastEventId?: string,
): Promise<{ status: number; followed: Followed | null; body: unknown }> {
  const abort = new AbortController();
  const response = await fetch(url, {
    signal: abort.signal,
    headers: {
      accept: "text/event-stream",
      // As the console's pages say they are Fray's (request-guard.ts).
      "fray-request": "1",
      ...(credential === undefined ? {} : { authorization: `Bearer ${credential}` }),
      ...(lastEventId === undefined ? {} : { "last-event-id": lastEventId }),
    },
  });
  if (!response.ok || response.body === null) {
    return { status: response.status, followed: null, body: await response.json() };
  }
  const events: SseEvent[] = [];
  const waiting = new Set<() => void>();
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split("\n")
              .find((l) => l.startsWith(`${name}: `))
              ?.slice(name.length + 2);
          const data = field("data");
          if (data === undefined) continue;
          events.push({
            type: field("event") ?? "message",
            id: field("id"),
            data: JSON.parse(data),
          });
          for (const wake of waiting) wake();
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  const next = (test: (e: SseEvent) => boolean, timeoutMs = 10_000) =>
    new Promise<SseEvent>((resolve, reject) => {
      let from = 0;
      const check = () => {
        const found = events.slice(from).find(test);
        from = events.length;
        if (found === undefined) return false;
        waiting.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiting.delete(check);
        reject(
          new Error(
            `no such event within ${timeoutMs} ms; got ${events.map((e) => e.type).join(", ")}`,
          ),
        );
      }, timeoutMs);
      if (!check()) waiting.add(check);
    });
  return {
    status: response.status,
    body: null,
    followed: { events, next, ended, close: () => abort.abort() },
  };
}
