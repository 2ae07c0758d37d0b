import { describe, expect, it } from "vitest";
import { signed } from "./signed.js";

describe("signed", () => {
  it("writes a modifier with its sign, zero as +0", () => {
    expect([signed(3), signed(-2), signed(0)]).toEqual(["+3", "-2", "+0"]);
  });

  it("puts the gap between the sign and the number, as a spelled-out sum does", () => {
    expect([signed(3, " "), signed(-2, " "), signed(0, " ")]).toEqual(["+ 3", "- 2", "+ 0"]);
  });
});
