import path from "node:path";
import { defineConfig } from "vitest/config";

// Tiers by kind (unit, integration, perf, e2e); the reporter package's own tests are in test/reporter/,
// one folder per tier, run with the tier they belong to.
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts", "test/reporter/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts", "test/reporter/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/helpers/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Vitest's default is one worker fewer than the cores: one, on the 2-core machines CI runs
          // on. These files mostly wait on PostgreSQL, servers and timers, each with its own
          // database, so three run at once; what measures time or memory is in the perf tier.
          maxWorkers: 3,
        },
      },
      {
        extends: true,
        test: {
          // Timing and memory bounds: one file at a time, after the correctness tiers, so that no
          // other file's load is counted against what a file measures.
          name: "perf",
          // And the hostile-input fuzz, the heaviest load any file sends: alone, so that a second
          // file's app beside it (two cores) cannot starve it (its app once died mid-run beside another).
          include: ["test/perf/**/*.test.ts", "test/reporter/perf/**/*.test.ts", "test/e2e/fuzz.test.ts"],
          environment: "node",
          globalSetup: ["test/helpers/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts", "test/reporter/e2e/**/*.test.ts"],
          exclude: ["test/e2e/fuzz.test.ts"],
          environment: "node",
          globalSetup: ["test/helpers/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Each file starts its own app on its own port and database, and mostly waits on it and
          // on Chromium: three at a time on CI's two cores (measured on the whole suite: 610 s against
          // 661 s two at a time, 870 s one at a time).
          maxWorkers: 3,
        },
      },
    ],
  },
});
