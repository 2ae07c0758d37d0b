import { describe, expect, it } from "vitest";
import { fileOfLog } from "./api.js";

describe("the encounter file of a log", () => {
  it("is the file held by the log's header line", () => {
    const header = { type: "encounter", format: "fray-log/1", seed: 5, file: { title: "Duel" } };
    const log = `${JSON.stringify(header)}\n{"type":"answer","n":1}\n`;
    expect(fileOfLog(log)).toEqual({ title: "Duel" });
  });

  it("is refused when the log does not start with its header", () => {
    expect(() => fileOfLog('{"type":"answer","n":1}\n')).toThrow("encounter header");
  });
});
