// The layers of docs/architecture.md, "Layers", and no import cycle, over src/ (tests included):
// `npm run lint` runs `depcruise src` with these rules (test/layers.test.ts plants each crossing
// and a cycle and checks they are refused). The rest of the layer rules (no I/O, clock or
// Math.random below the interfaces) are eslint's, in eslint.config.js.
const ONE_WAY = "Layers point one way (docs/architecture.md, Layers)";

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-cycle",
      severity: "error",
      comment:
        "No import cycle. An import of types alone is not counted: the compiler erases it, so it loads nothing.",
      from: {},
      to: {
        circular: true,
        dependencyTypesNot: ["type-only"],
        viaOnly: { dependencyTypesNot: ["type-only"] },
      },
    },
    {
      name: "server-not-to-cli",
      severity: "error",
      comment: `${ONE_WAY}: the server calls src/app, not the CLI.`,
      from: { path: "^src/server/" },
      to: { path: "^src/cli/" },
    },
    {
      name: "sim-not-to-app-or-interfaces",
      severity: "error",
      comment: `${ONE_WAY}: sim is below the interfaces and src/app.`,
      from: { path: "^src/sim/" },
      to: { path: "^src/(cli|server|app)/" },
    },
    {
      name: "app-not-to-interfaces",
      severity: "error",
      comment: `${ONE_WAY}: src/app is what the CLI and the server both call.`,
      from: { path: "^src/app/" },
      to: { path: "^src/(cli|server)/" },
    },
    {
      name: "engine-not-to-rulesets-or-above",
      severity: "error",
      comment: `${ONE_WAY}: the engine knows no ruleset and nothing above it.`,
      from: { path: "^src/engine/" },
      to: { path: "^src/(rulesets|sim|app|cli|server)/" },
    },
    {
      name: "ruleset-only-to-itself-engine-core",
      severity: "error",
      comment: `${ONE_WAY}: a ruleset imports only its own folder, the engine and core.`,
      from: { path: "^src/rulesets/([^/]+)/" },
      to: { path: "^src/", pathNot: ["^src/rulesets/$1/", "^src/engine/", "^src/core/"] },
    },
    {
      name: "procedure-not-to-tactic",
      severity: "error",
      comment:
        "Rules ask, tactics answer: a procedure (tests aside) asks ctx.decide with the situation and never imports a tactic (docs/architecture.md, Tactics).",
      from: { path: "^src/rulesets/([^/]+)/procedures/", pathNot: "\\.test\\.ts$" },
      to: { path: "^src/rulesets/$1/(policies/|tactics\\.ts$)" },
    },
  ],
  options: {
    // Imports of types count for the layers (not for cycles, above).
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
  },
};
