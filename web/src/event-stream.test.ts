import { describe, expect, it } from "vitest";
import { isDead, readEvents, SILENCE_MS } from "./event-stream.js";

describe("a followed stream", () => {
  it("is dead once silent past the server's heartbeat (20 s), not before", () => {
    const heard = 1_000_000;
    expect(isDead({ kind: "open", heard }, heard + 20_000)).toBe(false);
    expect(isDead({ kind: "open", heard }, heard + SILENCE_MS)).toBe(false);
    expect(isDead({ kind: "open", heard }, heard + SILENCE_MS + 1)).toBe(true);
  });
  it("is dead while pausing after a failure, and not while it asks", () => {
    expect(isDead({ kind: "pausing" }, 0)).toBe(true);
    expect(isDead({ kind: "asking" }, Number.MAX_SAFE_INTEGER)).toBe(false);
  });
  it("reads the heartbeat's comment as no event", () => {
    expect(readEvents(": ping\n\n")).toEqual({ events: [], rest: "" });
  });
});
