import { describe, expect, it } from "vitest";
import { waitText } from "./error-box.js";

describe("the wait of a refusal for coming too fast", () => {
  it("counts down the whole seconds left, then says it may be tried again", () => {
    const at = 10_000;
    expect(waitText(at, 6000)).toBe("Try again in 4 s");
    expect(waitText(at, 6001)).toBe("Try again in 4 s");
    expect(waitText(at, 7000)).toBe("Try again in 3 s");
    expect(waitText(at, 9999)).toBe("Try again in 1 s");
    expect(waitText(at, 10_000)).toBe("You may try again now");
  });
});
