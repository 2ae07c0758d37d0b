// The program's error path: a FrayError becomes "fray: <message>" and its hint on stderr, exit 2.
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "./main.js";

const example = fileURLToPath(
  new URL("../../examples/tnt/exchange-attack-3.yaml", import.meta.url),
);

describe("fray's errors", () => {
  afterEach(() => vi.restoreAllMocks());

  it("print the message and the hint, and exit with 2", async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((s) => (written.push(String(s)), true));
    const code = await main(["node", "fray", "sim", example, "--runs", "10"]);
    expect(code).toBe(2);
    const [message, hint] = written.join("").split("\n");
    expect(message).toBe(
      `fray: ${example}: this is an exchange file (one attacker against one defender), not an encounter`,
    );
    expect(hint).toMatch(/^ {2}hint: an exchange's exact odds come from `fray odds <file>`/);
  });

  it("print a notation error's hint once: its message ends with it", async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((s) => (written.push(String(s)), true));
    expect(await main(["node", "fray", "roll", "d20+"])).toBe(2);
    expect(await main(["node", "fray", "odds", "xyz"])).toBe(2);
    expect(written.join("")).toBe(
      'fray: d20+: the expression ends too soon at column 5; expected a number, a die such as 2d6, or "("\n' +
        'fray: xyz: unknown name "xyz" at column 1; a die is written d6, 2d6, d% or dF; the functions are floor, ceil, round, min, max and abs\n',
    );
  });
});
