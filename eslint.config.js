// Lint configuration: typescript-eslint's recommended rules plus the layer rules of
// docs/architecture.md, "Layers", that read a module alone (nothing below the interfaces touches
// the clock, Math.random, files or the console). Which folder may import which, and no import
// cycle, need the whole import graph: dependency-cruiser checks them (.dependency-cruiser.js).
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const belowInterfaces = ["src/core/**/*.ts", "src/engine/**/*.ts", "src/rulesets/**/*.ts"];

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
