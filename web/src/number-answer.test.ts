import { describe, expect, it } from "vitest";
import { z } from "zod";
import { numberAnswer } from "./number-answer.js";
import { feetSchema } from "../../src/rulesets/cartyrion/procedures/ask.js";

const json = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;

describe("numberAnswer", () => {
  it("says a Charge's feet with their unit and range, as the server sends the schema", () => {
    expect(numberAnswer(json(feetSchema(1000)))).toEqual({
      min: 0,
      max: 1000,
      whole: true,
      unit: "feet",
      words: "a whole number of feet from 0 to 1000",
    });
  });
  it("says a bound alone, and no unit where the schema names none", () => {
    expect(numberAnswer(json(z.number().min(1)))?.words).toBe("a number from 1 up");
    expect(numberAnswer(json(z.number().int().max(40)))?.words).toBe("a whole number up to 40");
  });
  it("is null for an answer that is not a number", () => {
    expect(numberAnswer(json(z.string()))).toBeNull();
    expect(numberAnswer(json(z.boolean()))).toBeNull();
  });
});
