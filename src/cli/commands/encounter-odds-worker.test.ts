// `fray odds <encounter>` as a user runs it, from the build (its work runs on a worker thread,
// which cannot load TypeScript): Ctrl-C stops the work and prints the odds worked out so far, and
// the worker's errors reach the user as the same work on the main thread gives them.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { FightOddsResult } from "../../app/fight-odds.js";
import { tscBuild } from "../../test-support/tsc-build.js";
import { main } from "../main.js";
import { capturePrinted, repoFile } from "../test-support/cli.js";
import { runCliLines } from "../test-support/cli-lines.js";
import { PROGRESS_VARIABLE } from "./encounter-odds.js";

const build = tscBuild("cli/commands/encounter-odds-worker.js");
// A file, not `node --input-type=module -e`: a worker thread inherits the process's options, and
// --input-type refuses to load its file.
const launcher = join(mkdtempSync(join(tmpdir(), "fray-odds-worker-")), "fray.mjs");
writeFileSync(
  launcher,
  `const { main } = await import(${JSON.stringify(build.url("cli/main.js"))});
process.exitCode = await main(process.argv);`,
);
const args = (...rest: string[]) => [launcher, ...rest];
const printed = capturePrinted();

describe("fray odds <encounter.yaml> on a worker thread", () => {
  it("stops on Ctrl-C and prints what was worked out, as JSON", async () => {
    // The tnt duel takes ~20 s to work out: it is still going at its first progress line.
    const child = spawn(
      process.execPath,
      args("odds", repoFile("examples/tnt/duel.yaml"), "--json"),
      {
        env: { ...process.env, [PROGRESS_VARIABLE]: "1" },
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += String(d)));
    child.stderr.on("data", (d) => {
      const first = !stderr.includes("round ");
      stderr += String(d);
      if (first && stderr.includes("round ")) child.kill("SIGINT");
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(stderr).toMatch(/^ {2}round 1: [\d,]+ states, [\d,]+ runs, .* of fights ended, /);
    expect(stderr).toContain("stopping: printing what was worked out (Ctrl-C again to quit now)\n");
    expect(code).toBe(0);
    const odds = JSON.parse(stdout) as FightOddsResult;
    expect(odds.stopped).toBe("cancelled");
    expect(odds.states).toBeGreaterThan(0);
    const probabilities = [
      ...odds.sides.map((s) => s.win),
      odds.draw,
      odds.mutualKill,
      odds.unresolved.total,
      ...odds.combatants.map((c) => c.survival),
    ];
    for (const p of probabilities) {
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(1);
    }
    // Stopped long before the end: most fights are still going.
    expect(odds.unresolved.total).toBeGreaterThan(0.5);
  });

  it("gives the errors the work on the main thread gives: the same message and exit code", async () => {
    const alley = repoFile("examples/cartyrion/cutpurses-in-an-alley.yaml");
    const cases = [
      ["odds", alley, "--decide", "zed:action=wait"],
      ["odds", alley, "--decide", "ada:action=parry:weapon"],
      ["odds", alley, "--max-rounds", "0"],
    ];
    // The three in one process of the build, one after another (the CLI loaded once).
    const ran = runCliLines(build.url("cli/main.js"), cases);
    expect(ran).toHaveLength(cases.length);
    for (const [i, given] of cases.entries()) {
      const worker = ran[i]!;
      printed.clear();
      const code = await main(["node", "fray", ...given]);
      expect(worker.stderr, given.join(" ")).toBe(printed.errors());
      expect(worker.stderr).toMatch(/^fray: /);
      expect(worker.code).toBe(code);
      expect(code).toBe(2);
    }
  });
});
