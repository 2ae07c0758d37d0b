// A pending choice is control flow: an Error, caught as one, but made without a stack trace.
import { describe, expect, it } from "vitest";
import type { RollSpec } from "../choice.js";
import { PendingChoice, type PendingRoll } from "./pending.js";

describe("PendingChoice", () => {
  // Only the kind and the index are read here: the spec stands for any roll's.
  const spec = { notation: "1d6" } as RollSpec;
  const choice: PendingRoll = { kind: "roll", index: 3, label: "hit", actor: "a", spec };

  it("is an Error with its choice and a message, and no stack frames", () => {
    const thrown = (() => {
      try {
        throw new PendingChoice(choice);
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).toBeInstanceOf(PendingChoice);
    expect((thrown as PendingChoice).choice).toBe(choice);
    expect((thrown as PendingChoice).message).toBe("pending roll at answer 3");
    expect((thrown as PendingChoice).stack).not.toMatch(/\n\s+at /);
  });

  it("leaves other errors' stacks as they were", () => {
    const before = Error.stackTraceLimit;
    new PendingChoice(choice);
    expect(Error.stackTraceLimit).toBe(before);
    expect(new Error("x").stack).toMatch(/\n\s+at /);
  });
});
