import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["test/unit/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
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
          include: ["test/perf/**/*.test.ts"],
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
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/helpers/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
