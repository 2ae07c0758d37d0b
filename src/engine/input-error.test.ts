// Input errors say which file and which field: a field's path, or the file itself when the whole
// value is wrong.
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { parseInput } from "./input-error.js";

describe("parseInput", () => {
  const schema = z.strictObject({ runs: z.int().min(1) });

  it("names the field of the first problem", () => {
    expect(() => parseInput(schema, { runs: 0 }, "body")).toThrow(
      expect.objectContaining({
        where: "body: runs",
        message: expect.stringMatching(/^body: runs: /),
      }),
    );
  });

  it("names the value itself when the whole of it is wrong, with no dangling separator", () => {
    expect(() => parseInput(schema, "ten", "body")).toThrow(
      expect.objectContaining({ where: "body", message: expect.stringMatching(/^body: /) }),
    );
  });
});
