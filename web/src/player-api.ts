// The players' routes (docs/http-api.md, "Players"), as a player's screen calls them with the
// token of its link: what it reads (with its ETag, for the poll that stands in while the stream
// is down), its stream, and its moves at its own choices.
import { ApiError, errorOf } from "./api.js";
import { bearer } from "./credentials.js";
import { openStream, type StreamHandlers } from "./event-stream.js";
import type { Answer, PlayerState } from "./types.js";

async function move(token: string, path: string, body: object): Promise<PlayerState> {
  const response = await fetch(path, {
    method: "POST",
    headers: { ...bearer(token), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await errorOf(response);
  return (await response.json()) as PlayerState;
}

export const playerApi = {
  /** The state, or null when it is still the one of `etag` (304). */
  get: async (token: string, etag: string | null) => {
    const response = await fetch("/player", {
      cache: "no-store",
      headers: { ...bearer(token), ...(etag === null ? {} : { "if-none-match": etag }) },
    });
    if (response.status === 304) return null;
    if (!response.ok) throw await errorOf(response);
    return { state: (await response.json()) as PlayerState, etag: response.headers.get("etag") };
  },
  follow: (token: string, handlers: StreamHandlers) =>
    openStream("/player/events", () => bearer(token), handlers),
  answer: (token: string, version: number, answer: Answer) =>
    move(token, "/player/answer", { ...answer, version }),
  roll: (token: string, version: number) => move(token, "/player/roll", { version }),
  policy: (token: string, version: number) => move(token, "/player/policy", { version }),
};

export { ApiError };
