import { describe, expect, it } from "vitest";
import { orList } from "./or-list.js";

describe("orList", () => {
  it("says one, two or more alternatives with commas and a last 'or'", () => {
    expect([orList(["Bolt"]), orList(["Bolt", "Cudgel"]), orList(["1", "2", "3"])]).toEqual([
      "Bolt",
      "Bolt or Cudgel",
      "1, 2 or 3",
    ]);
  });
});
