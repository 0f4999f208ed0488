import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["apps/server/src/**/*.test.ts", "packages/shared/src/**/*.test.ts", "bench/**/*.test.ts"],
    // PGlite takes a moment to start; integration files share one instance per worker.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
