import { describe, expect, it } from "vitest";
import { sentence } from "./sentence.js";

describe("a label at the head of a line", () => {
  it("starts with a capital and keeps the rest as written", () => {
    expect(sentence("the first round's initiative")).toBe("The first round's initiative");
    expect(sentence("Aldric's initiative")).toBe("Aldric's initiative");
    expect(sentence("")).toBe("");
  });
});
