import { defineConfig } from "vitest/config";

// One file, five tiers (docs/architecture.md "Tests and CI"). `npm test` runs them all through
// packages/local/bin/test.mjs, which also prints the plain "N passed, N failed" line.
export default defineConfig({
  test: {
    // the analysis kernels compiled again when their sources changed (packages/core/assembly)
    globalSetup: ["packages/core/scripts/build-kernels.mjs"],
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/core/test/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["packages/functions/test/**/*.test.ts", "packages/local/test/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "infra",
          include: ["stacks/test/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: "web",
          include: ["packages/web/test/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["packages/web/test/setup.ts"],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "browser",
          include: ["packages/local/e2e/**/*.e2e.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
