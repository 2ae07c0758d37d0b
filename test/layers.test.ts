// `npm run lint` refuses an import cycle and each import across the layers of
// docs/architecture.md, "Layers" (`depcruise src` with .dependency-cruiser.js): a small src/ of
// Fray's folders, each import planted in a file of its own, checked by the lint's command (one
// run), which must fail, refuse exactly the forbidden imports, by their rule, and let every
// allowed one through. (Fray's own src/ passing it is `npm run lint` itself.)
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const config = fileURLToPath(new URL("../.dependency-cruiser.js", import.meta.url));
/** The command `npm run lint` runs. */
const depcruise = fileURLToPath(new URL("../node_modules/.bin/depcruise", import.meta.url));

/** A module of each folder, imported by the planted files. */
const TARGETS = [
  "src/index.ts",
  "src/core/dice.ts",
  "src/engine/choice.ts",
  "src/engine/test-support/scripted.ts",
  "src/rulesets/index.ts",
  "src/rulesets/tnt/state.ts",
  "src/rulesets/tnt/policies/attack.ts",
  "src/rulesets/tnt/tactics.ts",
  "src/rulesets/karn/state.ts",
  "src/sim/runner.ts",
  "src/app/advise.ts",
  "src/server/app.ts",
  "src/cli/main.ts",
];

/** A planted file, the module it imports (how), and the rule that refuses it (null: allowed). */
type Plant = readonly [file: string, imports: string, rule: string | null];

const value = (path: string) => `import { x } from "${path}";\nexport const y = x;\n`;
const typeOnly = (path: string) => `import type { X } from "${path}";\nexport type Y = X;\n`;

const PLANTS: readonly Plant[] = [
  // The interfaces share work through src/app, never each other's.
  ["src/server/to-cli.ts", value("../cli/main.js"), "server-not-to-cli"],
  ["src/server/to-cli-types.ts", typeOnly("../cli/main.js"), "server-not-to-cli"],
  ["src/server/to-cli.test.ts", value("../cli/main.js"), "server-not-to-cli"],
  ["src/server/to-app.ts", value("../app/advise.js"), null],
  ["src/cli/to-server.ts", value("../server/app.js"), null],
  ["src/cli/to-app.ts", value("../app/advise.js"), null],
  ["src/sim/to-cli.ts", value("../cli/main.js"), "sim-not-to-app-or-interfaces"],
  ["src/sim/to-server.ts", value("../server/app.js"), "sim-not-to-app-or-interfaces"],
  ["src/sim/to-app.ts", value("../app/advise.js"), "sim-not-to-app-or-interfaces"],
  ["src/sim/to-ruleset.ts", value("../rulesets/tnt/state.js"), null],
  ["src/app/to-cli.ts", value("../cli/main.js"), "app-not-to-interfaces"],
  ["src/app/to-server.ts", value("../server/app.js"), "app-not-to-interfaces"],
  ["src/app/to-sim.ts", value("../sim/runner.js"), null],
  // The engine knows no ruleset and nothing above it.
  [
    "src/engine/to-ruleset.ts",
    value("../rulesets/tnt/state.js"),
    "engine-not-to-rulesets-or-above",
  ],
  ["src/engine/to-registry.ts", value("../rulesets/index.js"), "engine-not-to-rulesets-or-above"],
  ["src/engine/to-sim.ts", value("../sim/runner.js"), "engine-not-to-rulesets-or-above"],
  ["src/engine/to-app.ts", value("../app/advise.js"), "engine-not-to-rulesets-or-above"],
  ["src/engine/to-server.ts", value("../server/app.js"), "engine-not-to-rulesets-or-above"],
  ["src/engine/to-cli-types.ts", typeOnly("../cli/main.js"), "engine-not-to-rulesets-or-above"],
  ["src/engine/to-core.ts", value("../core/dice.js"), null],
  // A ruleset imports only its own folder, the engine and core.
  ["src/rulesets/tnt/to-karn.ts", value("../karn/state.js"), "ruleset-only-to-itself-engine-core"],
  [
    "src/rulesets/tnt/to-karn.test.ts",
    value("../karn/state.js"),
    "ruleset-only-to-itself-engine-core",
  ],
  [
    "src/rulesets/tnt/to-karn-types.ts",
    typeOnly("../karn/state.js"),
    "ruleset-only-to-itself-engine-core",
  ],
  ["src/rulesets/tnt/to-registry.ts", value("../index.js"), "ruleset-only-to-itself-engine-core"],
  [
    "src/rulesets/tnt/to-sim.ts",
    value("../../sim/runner.js"),
    "ruleset-only-to-itself-engine-core",
  ],
  ["src/rulesets/tnt/to-library.ts", value("../../index.js"), "ruleset-only-to-itself-engine-core"],
  ["src/rulesets/tnt/to-own.ts", value("./state.js"), null],
  ["src/rulesets/tnt/to-engine.ts", value("../../engine/choice.js"), null],
  ["src/rulesets/tnt/to-engine-support.ts", value("../../engine/test-support/scripted.js"), null],
  ["src/rulesets/tnt/to-core.ts", value("../../core/dice.js"), null],
  ["src/rulesets/to-every-ruleset.ts", value("./karn/state.js"), null],
  // Rules ask, tactics answer: a procedure imports no tactic; its tests and the tactics may.
  [
    "src/rulesets/tnt/procedures/to-policy.ts",
    value("../policies/attack.js"),
    "procedure-not-to-tactic",
  ],
  ["src/rulesets/tnt/procedures/to-tactics.ts", value("../tactics.js"), "procedure-not-to-tactic"],
  ["src/rulesets/tnt/procedures/to-policy.test.ts", value("../policies/attack.js"), null],
  ["src/rulesets/tnt/procedures/to-state.ts", value("../state.js"), null],
  ["src/rulesets/tnt/policies/to-procedure.ts", value("../procedures/to-state.js"), null],
];

/**
 * Import cycles, each of files written with their text: through values (two modules, three, a
 * dynamic import, a re-export), refused; of types alone, let through.
 */
const CYCLES: readonly (readonly [refused: boolean, files: Record<string, string>])[] = [
  [
    true,
    { "src/engine/two-a.ts": value("./two-b.js"), "src/engine/two-b.ts": value("./two-a.js") },
  ],
  [
    true,
    {
      "src/core/three-a.ts": value("./three-b.js"),
      "src/core/three-b.ts": value("./three-c.js"),
      "src/core/three-c.ts": value("./three-a.js"),
    },
  ],
  [
    true,
    {
      "src/sim/dynamic-a.ts": value("./dynamic-b.js"),
      "src/sim/dynamic-b.ts": `export const x = () => import("./dynamic-a.js");\n`,
    },
  ],
  [
    true,
    {
      "src/app/re-export-a.ts": value("./re-export-b.js"),
      "src/app/re-export-b.ts": `export { y as x } from "./re-export-a.js";\n`,
    },
  ],
  [
    false,
    {
      "src/cli/types-a.ts": value("./types-b.js"),
      "src/cli/types-b.ts": `${typeOnly("./types-a.js")}export const x = 1;\n`,
    },
  ],
];

let dir = "";

/** `depcruise src` as `npm run lint` runs it, in `dir`: its exit code and the errors it prints. */
function lint(): { status: number | null; violations: { from: string; rule: string }[] } {
  const run = spawnSync(process.execPath, [depcruise, "--config", config, "src"], {
    cwd: dir,
    encoding: "utf8",
  });
  if (run.error !== undefined || run.stderr !== "") throw run.error ?? new Error(run.stderr);
  // "  error no-cycle: src/core/a.ts → ", then the cycle's modules on lines of their own.
  const violations = [...run.stdout.matchAll(/^ {2}error (\S+): (\S+) →/gm)].map((m) => ({
    rule: m[1]!,
    from: m[2]!,
  }));
  return { status: run.status, violations };
}

function write(file: string, text: string): void {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), text);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "fray-layers-"));
  for (const file of TARGETS) write(file, "export const x = 1;\nexport type X = number;\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run lint's layers and cycles (depcruise), with every import and cycle planted", () => {
  let refusals: { status: number | null; violations: { from: string; rule: string }[] };
  beforeAll(() => {
    for (const [file, text] of PLANTS) write(file, text);
    for (const [, files] of CYCLES)
      for (const [file, text] of Object.entries(files)) write(file, text);
    refusals = lint();
  });

  it("fails", () => expect(refusals.status).not.toBe(0));

  it("lets Fray's folders import as docs/architecture.md's table allows", () => {
    const allowed = new Set(PLANTS.filter(([, , rule]) => rule === null).map(([file]) => file));
    expect(allowed.size).toBeGreaterThan(0);
    expect(refusals.violations.filter((v) => allowed.has(v.from))).toEqual([]);
  });

  it("refuses each import across a layer, of values or of types, tests included, by its rule", () => {
    const refused = PLANTS.filter(([, , rule]) => rule !== null).map(([file, , rule]) => [
      file,
      rule,
    ]);
    const crossings = refusals.violations.filter((v) => v.rule !== "no-cycle");
    expect(crossings.map((v) => [v.from, v.rule]).sort()).toEqual(refused.sort());
  });

  it("refuses an import cycle through values, and lets a cycle of types alone through", () => {
    // Each cycle once, from one of its modules.
    const cycleOf = (file: string) => CYCLES.findIndex(([, files]) => file in files);
    const cycles = refusals.violations.filter((v) => v.rule === "no-cycle");
    expect(cycles.map((v) => cycleOf(v.from)).sort()).toEqual(
      CYCLES.flatMap(([refused], i) => (refused ? [i] : [])),
    );
  });
});
