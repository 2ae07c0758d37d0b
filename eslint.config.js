// Lint configuration: typescript-eslint's recommended rules plus the layer rules of
// docs/architecture.md, "Layers" (nothing below the interfaces touches the clock, Math.random,
// files or the console).
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

const belowInterfaces = ["src/core/**/*.ts", "src/engine/**/*.ts", "src/rulesets/**/*.ts"];

/** The ruleset folders: each may import only itself, the engine and core. */
const rulesetFolders = readdirSync("src/rulesets", { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const ONE_WAY = "Layers point one way (docs/architecture.md, Layers)";

/**
 * The rulesets whose tactics are declared apart from their rules (src/rulesets/<id>/tactics.ts):
 * their procedures ask `ctx.decide` and import no tactic (docs/architecture.md, "Tactics").
 */
const tacticsDeclared = ["cartyrion", "tnt", "swords-wizardry-fitz", "dungeons-of-olde", "karn"];

/**
 * Which folder may not import which, as resolved paths (tests included): the interfaces share
 * work through src/app, never each other; the engine knows no ruleset; a ruleset knows no other.
 */
const layerZones = [
  {
    target: "./src/server",
    from: "./src/cli",
    message: `${ONE_WAY}: the server calls src/app, not the CLI.`,
  },
  {
    target: "./src/sim",
    from: ["./src/cli", "./src/server", "./src/app"],
    message: `${ONE_WAY}: sim is below the interfaces and src/app.`,
  },
  {
    target: "./src/app",
    from: ["./src/cli", "./src/server"],
    message: `${ONE_WAY}: src/app is what the CLI and the server both call.`,
  },
  {
    target: "./src/engine",
    from: ["./src/rulesets", "./src/sim", "./src/app", "./src/cli", "./src/server"],
    message: `${ONE_WAY}: the engine knows no ruleset and nothing above it.`,
  },
  ...rulesetFolders.map((id) => ({
    target: `./src/rulesets/${id}`,
    from: "./src",
    except: [`./rulesets/${id}`, "./engine", "./core"],
    message: `${ONE_WAY}: a ruleset imports only its own folder, the engine and core.`,
  })),
];

/** A procedure (tests aside) imports no tactic of its ruleset. */
const tacticZones = tacticsDeclared.map((id) => ({
  target: `./src/rulesets/${id}/procedures`,
  from: [`./src/rulesets/${id}/policies`, `./src/rulesets/${id}/tactics.ts`],
  message:
    "Rules ask, tactics answer: a procedure asks ctx.decide with the situation and never imports a tactic (docs/architecture.md, Tactics).",
}));

export default tseslint.config(
  { ignores: ["dist/**", "web/dist/**", "node_modules/**", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts"] },
      // Each module's imports parsed once for the whole run: by default they are parsed again
      // after 30 s, and no-cycle walked every module's graph on fresh parses once the lint passed
      // 30 s (most of the lint's time on a busy machine).
      "import-x/cache": { lifetime: "∞" },
      // Fray imports its TypeScript modules by their built names (`./state.js`).
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".js"],
          extensionAlias: { ".js": [".ts", ".js"] },
        }),
      ],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: layerZones }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: tacticsDeclared.map((id) => `src/rulesets/${id}/procedures/**/*.ts`),
    ignores: ["**/*.test.ts"],
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: [...layerZones, ...tacticZones] }],
    },
  },
  {
    files: belowInterfaces,
    ignores: ["**/*.test.ts", "**/test-support/**"],
    rules: {
      "no-restricted-globals": ["error", "console", "process", "setTimeout", "setInterval"],
      "no-restricted-properties": [
        "error",
        {
          object: "Math",
          property: "random",
          message: "Use the seeded Rng from src/core/random.ts.",
        },
        { object: "Date", property: "now", message: "No clock below the interfaces." },
      ],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["node:*", "fs", "path", "os", "child_process"],
              message: "No I/O below the interfaces.",
            },
            {
              group: ["**/cli/**", "**/server/**", "**/sim/**"],
              message: "Layers point one way: interfaces -> rulesets -> engine -> core.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/core/**/*.ts"],
    ignores: ["**/*.test.ts", "**/test-support/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "**/engine/**",
                "**/rulesets/**",
                "**/cli/**",
                "**/server/**",
                "**/sim/**",
                "node:*",
                "fs",
              ],
              message: "core depends on nothing above it.",
            },
          ],
        },
      ],
    },
  },
  {
    // The unit tests' files share their fork's modules (vitest.config.ts, `isolate: false`): a
    // test that replaces a module would replace it for the files after it in the fork.
    files: ["**/*.test.ts", "**/test-support/**/*.ts"],
    ignores: ["**/*.isolated.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|doUnmock|resetModules)$/]",
          message:
            "Replacing modules leaks into the other test files of the fork (vitest.config.ts, isolate: false): name the file *.isolated.test.ts.",
        },
      ],
    },
  },
);
