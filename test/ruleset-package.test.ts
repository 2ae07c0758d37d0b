// A ruleset in a package of its own (examples/ruleset-package: cartyrion with the party's stamina
// doubled), installed as a user would (its node_modules/fray is this run's tsc build of Fray) and
// loaded through the CLI with --ruleset: it plays, gives exact odds (cartyrion's, where the house
// rule plays no part) and simulates on worker threads. The loader's errors: src/app/rulesets.test.ts.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exchangeOddsFor, exchangeOddsJson } from "../src/app/exchange-odds.js";
import { readDataFile } from "../src/app/files.js";
import { rulesets } from "../src/app/rulesets.js";
import { parseEncounterFile } from "../src/engine/encounter-file.js";
import { runCliLines, type CliRun } from "../src/cli/test-support/cli-lines.js";
import { runSimulation } from "../src/sim/runner.js";
import { tscBuild } from "../src/test-support/tsc-build.js";

const examples = fileURLToPath(new URL("../examples/", import.meta.url));
let dir = "";

const plugin = () => join(dir, "package", "index.js");
const own = (name: string) => join(dir, "package", "examples", name);

/** cartyrion's own duel and blow, which the package's files copy with its ruleset's id. */
const cartyrionFile = (name: string) => join(examples, "cartyrion", name);

/**
 * The fray command lines of the tests below, run as a user runs them in the package's folder,
 * one after another in one process (src/cli/test-support/cli-lines.ts): the one without
 * --ruleset first, before any loads the package.
 */
const LINES = {
  unknown: () => ["play", own("duel.yaml"), "--auto"],
  play: () => ["play", "--ruleset", plugin(), own("duel.yaml"), "--auto", "--seed", "1"],
  odds: () => ["odds", "--ruleset", plugin(), own("tombril-strikes-the-giant.yaml"), "--json"],
  sim: () => [
    ...["sim", "--ruleset", plugin(), own("duel.yaml")],
    ...["--runs", "2000", "--workers", "2", "--seed", "3", "--json"],
  ],
};
let ran: Record<keyof typeof LINES, CliRun>;

beforeAll(() => {
  const build = tscBuild("cli/main.js");
  dir = mkdtempSync(join(tmpdir(), "fray-ruleset-package-"));
  cpSync(join(examples, "ruleset-package"), join(dir, "package"), { recursive: true });
  // What `npm install` gives the package: node_modules/fray, here the run's build of Fray.
  const installed = join(dir, "package", "node_modules", "fray");
  mkdirSync(installed, { recursive: true });
  symlinkSync(build.out, join(installed, "build"));
  const exports = Object.fromEntries(
    ["ruleset", "rulesets/index", "testing"].map((m) => [
      `./${m.replace("/index", "")}`,
      `./build/${m}.js`,
    ]),
  );
  writeFileSync(
    join(installed, "package.json"),
    JSON.stringify({ name: "fray", type: "module", exports }),
  );
  const names = Object.keys(LINES) as (keyof typeof LINES)[];
  const runs = runCliLines(
    build.url("cli/main.js"),
    names.map((n) => LINES[n]()),
    dir,
  );
  ran = Object.fromEntries(names.map((n, i) => [n, runs[i]!])) as typeof ran;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a ruleset in a package of its own, loaded with --ruleset", () => {
  it("plays the package's duel with the house rule: Maren starts with 36 stamina, not the file's 18", () => {
    expect(readFileSync(own("duel.yaml"), "utf8")).toMatch(/id: sellsword[^]*?stamina: 18\n/);
    const hardy = ran.play;
    expect(hardy.stderr).toBe("");
    expect(hardy.code).toBe(0);
    expect(hardy.stdout).toMatch(/Maren the sellsword +\[party\] +36\/36 SP/);
    expect(hardy.stdout).toContain("cartyrion-hardy-heroes, Resolving Combat");
    expect(hardy.stdout).toMatch(/^Winner: /m);
  });

  it("gives a blow's exact odds as cartyrion does (the house rule changes no blow)", () => {
    const hardy = ran.odds;
    expect(hardy.stderr).toBe("");
    const cartyrion = exchangeOddsJson(
      exchangeOddsFor(cartyrionFile("tombril-strikes-the-giant.yaml"), [], rulesets),
    );
    expect(JSON.parse(hardy.stdout)).toEqual({ ...cartyrion, ruleset: "cartyrion-hardy-heroes" });
  });

  it("simulates on worker threads, which load the package too: the hardy sellsword wins more often", async () => {
    const hardy = ran.sim;
    expect(hardy.stderr).toBe("");
    const won = (sides: readonly { id: string; win: { p: number } }[]) =>
      sides.find((s) => s.id === "party")!.win.p;
    const definition = parseEncounterFile(
      readDataFile(cartyrionFile("duel-sellsword-and-bandit.yaml")),
      rulesets,
      "duel",
    );
    const plain = await runSimulation({ definition, seed: 3, runs: 2000, workers: 1 });
    expect(won(plain.summary.sides)).toBeGreaterThan(0.8);
    expect(won(JSON.parse(hardy.stdout).sides)).toBeGreaterThan(won(plain.summary.sides) + 0.05);
  });

  it("is played by the server's jobs on worker threads, which load the package too", async () => {
    const build = tscBuild("server/job-worker.js");
    const { loadRulesetModule } =
      await build.load<typeof import("../src/app/rulesets.js")>("app/rulesets.js");
    const { startJobs } =
      await build.load<typeof import("../src/server/jobs.js")>("server/jobs.js");
    await loadRulesetModule(plugin());
    const jobs = startJobs({ threads: 1, queue: 1, timeMs: 60_000, memoryMb: 512 });
    try {
      const file = readFileSync(own("duel.yaml"), "utf8");
      const { replay } = await jobs.run("create", { file, source: "duel.yaml", seed: 1 });
      const maren = replay.views.gm.find((c) => c.id === "sellsword");
      expect(maren?.name).toBe("Maren the sellsword");
      expect(maren?.status).toMatch(/^36\/36 SP/);
    } finally {
      await jobs.close();
    }
  });

  it("without --ruleset, the package's files name a ruleset Fray does not know", () => {
    const unknown = ran.unknown;
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('"cartyrion-hardy-heroes"');
  });
});
