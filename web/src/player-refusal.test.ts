import { describe, expect, it } from "vitest";
import { ApiError } from "./api.js";
import { MOVED_ON, NOT_SENT, playerRefusal, TOO_FAST } from "./player-refusal.js";

describe("a player's move refused, in the player's words", () => {
  it("says the phone lost its connection, not the browser's 'Failed to fetch'", () => {
    expect(playerRefusal(new TypeError("Failed to fetch")).message).toBe(NOT_SENT);
  });
  it("says the fight changed while answering, not the encounter's version", () => {
    const stale = new ApiError(409, {
      error: "encounter 1 is at version 7, not 6: it changed since",
      where: "version",
      hint: "get it again, then retry",
    });
    expect(playerRefusal(stale).message).toBe(MOVED_ON);
  });
  it("says too fast, with when to try again, for a move over the rate limit", () => {
    const said = playerRefusal(new ApiError(429, { error: "too many requests" }, 5000));
    expect(said.message).toBe(TOO_FAST);
    expect(said instanceof ApiError && said.retryAt).toBe(5000);
  });
  it("keeps the API's own refusal, which says where and how to fix it", () => {
    const seven = new ApiError(400, {
      error: "7 is not a face of a d6",
      where: "Tombril's damage",
    });
    expect(playerRefusal(seven)).toBe(seven);
    const other = new ApiError(409, { error: "the fight is over", where: "pending" });
    expect(playerRefusal(other)).toBe(other);
  });
});
