import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The shared package's sources, found next to this file rather than through node_modules' link:
 * mutation testing runs the tests in a copy of the repository, whose node_modules links back to
 * the original sources, and the copy's (mutated) sources must be the ones tested.
 */
const SHARED_SOURCES = fileURLToPath(new URL("./packages/shared/src/", import.meta.url));

/** Files that replace modules (vi.mock) run in a process of their own, so the mock cannot leak. */
const MOCKING_FILES = [
  "apps/server/src/media/storage.int.test.ts",
  "apps/web/src/lib/errors.test.ts",
  "apps/web/src/lib/toast.test.ts",
];
/**
 * The command line's and the server start's tests run server processes on PGlite data folders
 * whatever the database, so the PostgreSQL run (TEST_DATABASE_URL, `npm run test:pg`) leaves them
 * out. (Vitest's --exclude option does not reach the projects below.)
 */
const PGLITE_ONLY_FILES = process.env.TEST_DATABASE_URL
  ? ["apps/server/src/cli.int.test.ts", "apps/server/src/main.int.test.ts"]
  : [];

/**
 * Files that start servers and command lines as processes of their own, and so take a minute or
 * more. Run first: without the timings of an earlier run (a fresh clone, as in CI), Vitest starts
 * the largest files first, and these small files would otherwise end the run on one worker while
 * the other waits.
 */
const SLOWEST_FILES = [
  "apps/server/src/cli.int.test.ts",
  "apps/server/src/main.int.test.ts",
  "apps/server/src/seed/demo.int.test.ts",
  "apps/server/src/modules/reels/reel-video.test.ts",
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = SLOWEST_FILES.findIndex((file) => spec.moduleId.endsWith(file));
      return index === -1 ? SLOWEST_FILES.length : index;
    };
    // Within each project, keeping the projects' order.
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    return projects.flatMap((name) =>
      sorted.filter((spec) => spec.project.name === name).sort((a, b) => rank(a) - rank(b)),
    );
  }
}

export default defineConfig({
  resolve: { alias: [{ find: /^@litverse\/shared\/(.*)$/, replacement: `${SHARED_SOURCES}$1.ts` }] },
  test: {
    // PGlite takes a moment to start; integration files share one instance per worker.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // In CI a failed test runs once more; a pass on the second try is still listed as flaky.
    retry: process.env.CI ? 1 : 0,
    pool: "forks",
    sequence: { sequencer: SlowestFirst },
    // Both cores: files are independent (each has its own database), and most time is spent
    // waiting on PGlite, ffmpeg and child processes rather than in the test code.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "shared-workers",
          include: [
            "apps/server/src/**/*.test.ts",
            "packages/shared/src/**/*.test.ts",
            "bench/**/*.test.ts",
            // The web app's pure logic, in Node like the rest (no DOM).
            "apps/web/src/**/*.test.ts",
            "apps/web/service-worker/**/*.test.ts",
            "apps/web/build/**/*.test.ts",
          ],
          exclude: [...MOCKING_FILES, ...PGLITE_ONLY_FILES],
          // Test files reuse their worker process: PGlite's WebAssembly is compiled once per
          // worker rather than once per file, which roughly halves the suite's time.
          isolate: false,
        },
      },
      { extends: true, test: { name: "isolated", include: MOCKING_FILES } },
    ],
  },
});
