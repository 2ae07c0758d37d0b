import { describe, expect, it } from "vitest";
import { andList, orList } from "./or-list.js";

describe("orList and andList", () => {
  it("say one, two or more items with commas and a last 'or' (or 'and')", () => {
    expect([orList(["Bolt"]), orList(["Bolt", "Cudgel"]), orList(["1", "2", "3"])]).toEqual([
      "Bolt",
      "Bolt or Cudgel",
      "1, 2 or 3",
    ]);
    expect([andList([]), andList(["a", "b", "c"])]).toEqual(["", "a, b and c"]);
  });
});
