import { describe, expect, it } from "vitest";
import { errorOf, retryAfterOf } from "./api.js";

describe("a 429's Retry-After", () => {
  it("reads seconds, or an HTTP date as the seconds until it", () => {
    const now = Date.parse("2026-11-29T02:00:00Z");
    expect(retryAfterOf("4", now)).toBe(4);
    expect(retryAfterOf("Sun, 29 Nov 2026 02:00:07 GMT", now)).toBe(7);
    expect(retryAfterOf("Sun, 29 Nov 2026 01:59:00 GMT", now)).toBe(0);
    expect(retryAfterOf("soon", now)).toBeUndefined();
    expect(retryAfterOf(null, now)).toBeUndefined();
  });
  it("is kept on the refusal as when it may be tried again", async () => {
    const before = Date.now();
    const refused = await errorOf(
      new Response(JSON.stringify({ error: "too many requests", hint: "try again in 4 s" }), {
        status: 429,
        headers: { "retry-after": "4" },
      }),
    );
    expect(refused.status).toBe(429);
    expect(refused.retryAt! - before).toBeGreaterThanOrEqual(4000);
    expect(refused.retryAt! - Date.now()).toBeLessThanOrEqual(4000);
    const plain = await errorOf(new Response(JSON.stringify({ error: "no" }), { status: 400 }));
    expect(plain.retryAt).toBeUndefined();
  });
});
