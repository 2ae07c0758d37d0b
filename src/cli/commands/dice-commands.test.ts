import { describe, expect, it } from "vitest";
import { FrayError } from "../../core/errors.js";
import { NotationError } from "../../core/dice/index.js";
import { oddsJson, oddsText, registerOdds } from "./odds.js";
import { registerRoll, rollText } from "./roll.js";
import { runFray } from "../test-support/cli.js";

const run = (...args: string[]) => runFray([registerRoll, registerOdds], ...args);

describe("fray roll", () => {
  it("prints the dice, the total and the seed", async () => {
    const out = await run("roll", "4d6kh3+2", "--seed", "1");
    expect(out).toBe("4d6kh3+2: [1d, 1, 4, 4]+2 = 11 (seed 1)\n");
  });

  it("--json gives expression, seed, total and dice", async () => {
    const json = JSON.parse(await run("roll", "2d6!", "--seed", "7", "--json")) as Record<
      string,
      unknown
    >;
    expect(Object.keys(json)).toEqual(["expression", "seed", "total", "dice"]);
    expect(json["seed"]).toBe(7);
    expect(json).toEqual(JSON.parse(rollText("2d6!", 7, true)));
  });

  it("without --seed picks one and prints it", async () => {
    expect(await run("roll", "d20")).toMatch(/^d20: \[\d+\] = \d+ \(seed \d+\)\n$/);
  });

  it("a bad seed or expression is a FrayError (exit code 2)", async () => {
    await expect(run("roll", "d6", "--seed", "x")).rejects.toBeInstanceOf(FrayError);
    await expect(run("roll", "3d20kx1")).rejects.toThrow(
      '3d20kx1: unknown modifier "kx" at column 6; did you mean "kh"?',
    );
    expect(new NotationError("x", "y", 1)).toBeInstanceOf(FrayError);
  });
});

describe("fray odds", () => {
  it("prints a table with P(at least), bars, and the summary", async () => {
    const out = await run("odds", "2d6");
    const lines = out.trimEnd().split("\n");
    expect(lines[0]).toBe("2d6: mean 7, sd 2.415, min 2, max 12");
    expect(lines[1]).toBe("outcome  probability  at least");
    expect(lines[2]).toBe(`      2        2.78%   100.00%  ${"█".repeat(7)}`);
    expect(lines[7]).toBe(`      7       16.67%    58.33%  ${"█".repeat(40)}`);
    expect(lines).toHaveLength(13);
  });

  it("--vs adds win, tie and lose", () => {
    expect(oddsText("d20+5", "d20+3").split("\n").at(-1)).toBe(
      "vs d20+3: win 57.25%, tie 4.50%, lose 38.25%",
    );
  });

  it("--json has the documented fields", async () => {
    const json = JSON.parse(await run("odds", "d6!", "--vs", "d8", "--json")) as Record<
      string,
      unknown
    >;
    expect(Object.keys(json)).toEqual([
      "expression",
      "mean",
      "sd",
      "min",
      "max",
      "distribution",
      "truncated",
      "versus",
    ]);
    expect((json["distribution"] as number[][])[0]).toEqual([1, 1 / 6]);
    expect(json["truncated"]).toBeGreaterThan(0);
    expect(Object.keys(json["versus"] as object)).toEqual(["win", "tie", "lose"]);
    expect(JSON.parse(oddsJson("2d6"))).not.toHaveProperty("versus");
  });

  it("reports explosion truncation and hides negligible tails", () => {
    const text = oddsText("d6!");
    expect(text).toContain("explosions cut off");
    expect(text).toMatch(/\(\d+ outcomes under 0\.01% at the ends not shown\)/);
  });
});
