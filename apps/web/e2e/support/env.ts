// Where the end-to-end tests find the app: the main test server that playwright.config.ts starts,
// and the data directory it runs on (made by the config in the runner process, inherited by the
// workers through the environment).
import path from "node:path";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../../../..");

/** E2E_PORT moves the test server, so that two runs can share a machine. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** The environment variable that carries the main test server's data directory. */
export const DATA_DIR_VARIABLE = "LITVERSE_E2E_DATA_DIR";

/** The main test server's data directory, for running the command line against it. */
export function mainDataDir(): string {
  const dir = process.env[DATA_DIR_VARIABLE];
  if (!dir) throw new Error(`${DATA_DIR_VARIABLE} is not set: run the tests with \`npx playwright test\`.`);
  return dir;
}

/** Node options for the app's own scripts (Node 24 runs their TypeScript as is). */
export const NODE_ARGS = ["--disable-warning=ExperimentalWarning"];
