// Keeps the catalogue of limits whole: every limit the configuration can set is listed, documented
// in README.md and reached by a test that exists and names it. A limit added later fails here
// until all three are true.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, REPO_ROOT } from "../config.ts";
import { LIMIT_CATALOGUE } from "./limit-catalogue.ts";

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), "utf8");
/** README.md with every run of white space one space, so that wording may wrap across lines. */
const readme = read("README.md").replace(/\s+/g, " ");

/** Names of configuration variables that set a limit. */
const isLimitVariable = (name: string) => /^(RATE_LIMIT_|MAX_)|_TIMEOUT_MS$/.test(name);
const isVariableName = (text: string) => /^[A-Z][A-Z0-9_]+$/.test(text);

/** Every variable config.ts's schema reads, optional ones included, from its source. */
function schemaVariables(): string[] {
  const source = read("apps/server/src/core/config.ts");
  const start = source.indexOf("const configSchema = z.object({");
  const end = source.indexOf("\n});", start);
  expect(start, "config.ts's configSchema").toBeGreaterThan(-1);
  return [...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1] ?? "");
}

describe("the catalogue of limits", () => {
  it("reads every variable of the configuration schema", () => {
    const variables = schemaVariables();
    // Those with a default come back from loading an empty configuration: none may be missed.
    const loaded = Object.keys(loadConfig({})).filter(isVariableName);
    expect(variables).toEqual(expect.arrayContaining(loaded));
    expect(variables.filter(isLimitVariable).length).toBeGreaterThan(5);
  });

  it("lists every limit the configuration sets, each documented in README.md", () => {
    const listed = new Set(LIMIT_CATALOGUE.map((limit) => limit.readme));
    for (const variable of schemaVariables().filter(isLimitVariable)) {
      expect(listed.has(variable), `${variable} is not in limit-catalogue.ts`).toBe(true);
      expect(readme, `${variable} is not in README.md`).toContain(variable);
    }
  });

  it("lists only variables the configuration still has", () => {
    const variables = new Set(schemaVariables());
    for (const limit of LIMIT_CATALOGUE.filter((entry) => isVariableName(entry.readme))) {
      expect(variables.has(limit.readme), `${limit.readme} is not in config.ts`).toBe(true);
    }
  });

  it.each(LIMIT_CATALOGUE.map((limit) => [limit.name, limit] as const))(
    "%s: in README.md, reached by a test that names it",
    (_name, limit) => {
      expect(readme, "README.md's wording").toContain(limit.readme);
      expect(limit.testFile).toMatch(/\.test\.ts$/);
      expect(existsSync(path.join(REPO_ROOT, limit.testFile)), `${limit.testFile} exists`).toBe(true);
      expect(read(limit.testFile), `${limit.testFile} mentions it`).toContain(limit.mention);
    },
  );
});
