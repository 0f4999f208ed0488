// `npm run test:pg`: the whole Vitest suite again, on PostgreSQL instead of PGlite. Each test file
// works in a temporary database of its own, created next to TEST_DATABASE_URL's and dropped after.
import { spawnSync } from "node:child_process";
import pg from "pg";

const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
try {
  await client.connect();
  await client.end();
} catch (error) {
  console.error(
    `PostgreSQL is not reachable at ${url} (${(error as Error).message}).\n` +
      "Start it, or point TEST_DATABASE_URL at a server where this user may create databases.",
  );
  process.exit(1);
}
const result = spawnSync("npx", ["vitest", "run", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
