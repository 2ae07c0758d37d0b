import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts", "web/src/**/*.test.ts"],
    testTimeout: 60_000,
    pool: "forks",
    setupFiles: ["./test/fast-check-seed.ts"],
    reporters: ["default", "./test/summary-reporter.ts"],
  },
});
