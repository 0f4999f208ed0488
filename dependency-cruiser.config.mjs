// The direction of the imports (docs/decisions/0039-layers-and-import-rules.md). `npm run lint`
// runs it, and any import that breaks a rule fails the lint.

const SERVER = "^apps/server/src/";
/**
 * The composition root: what assembles the modules into a running server, and schema.ts, which
 * gathers their tables for drizzle-kit alone (so no module or core file may import it).
 */
const COMPOSITION_ROOT = [
  `${SERVER}(app|main|cli|platform|shutdown|router|schema)\\.ts$`,
  `${SERVER}admin/`,
  `${SERVER}seed/`,
];
/** What everything may use and which uses no module. */
const CORE = `${SERVER}core/`;
/** Test code: never imported by the product. */
const TEST_CODE = [
  "\\.test\\.tsx?$",
  "\\.test-support\\.ts$",
  `${SERVER}test/`,
  `${SERVER}media/import/test-files\\.ts$`,
  `${SERVER}auth/provider/test-kit\\.ts$`,
];

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-circular",
      comment: "Two files that import each other cannot be read, tested or moved one at a time.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "core-imports-no-module",
      comment:
        "The core (configuration, database client, errors, live engine, limits) sits below every module. Only the users table is named, by the core's own tables (a job's creator), from the users module's schema.ts, which imports no module's code.",
      severity: "error",
      from: { path: CORE, pathNot: TEST_CODE },
      to: {
        path: [`${SERVER}modules/`, ...COMPOSITION_ROOT, `${SERVER}(http|jobs|rpc)/`],
        pathNot: `${SERVER}modules/users/schema\\.ts$`,
      },
    },
    {
      name: "modules-not-into-composition-root",
      comment: "A module is assembled by the root; it never reaches up into it.",
      severity: "error",
      from: { path: `${SERVER}modules/`, pathNot: TEST_CODE },
      to: { path: COMPOSITION_ROOT },
    },
    {
      name: "services-not-into-transport",
      comment:
        "Services know nothing of tRPC or HTTP: only a module's router (which wires procedures) and its HTTP routes (*.routes.ts) import the transport.",
      severity: "error",
      from: { path: `${SERVER}modules/`, pathNot: ["\\.(router|routes)\\.ts$", ...TEST_CODE] },
      to: { path: `${SERVER}(rpc|http)/` },
    },
    {
      name: "modules-through-index",
      comment:
        "A module is used from outside only through its index.ts, its live topics (topics.ts, which imports nothing of the module) for those who announce or follow its changes, and its tables (schema.ts, which imports no module's code) for those who query or reference them.",
      severity: "error",
      from: { path: `${SERVER}modules/([^/]+)/`, pathNot: TEST_CODE },
      to: {
        path: `${SERVER}modules/[^/]+/`,
        pathNot: [`${SERVER}modules/$1/`, `${SERVER}modules/[^/]+/(index|topics|schema)\\.ts$`],
      },
    },
    {
      name: "topics-stand-alone",
      comment: "A module's topics.ts names its live topics and imports no module, so anyone may follow them.",
      severity: "error",
      from: { path: `${SERVER}modules/[^/]+/topics\\.ts$` },
      to: { path: `${SERVER}modules/` },
    },
    {
      name: "schema-stands-alone",
      comment:
        "A module's schema.ts declares its tables with drizzle, the core's column helpers, the shared constants and the tables it references (other modules' schema.ts), so that reading a table (or drizzle-kit reading them all) never loads a module's services, and the tables cannot close a circle through them.",
      severity: "error",
      from: { path: `${SERVER}modules/[^/]+/schema\\.ts$` },
      to: { pathNot: [CORE, "^packages/shared/", `${SERVER}modules/[^/]+/schema\\.ts$`] },
    },
    {
      name: "product-not-into-tests",
      comment: "Test helpers and fixtures stay out of what ships.",
      severity: "error",
      from: { pathNot: [...TEST_CODE, "^apps/web/e2e/", "^bench/", "^scripts/"] },
      to: { path: TEST_CODE },
    },
    {
      name: "shared-stands-alone",
      comment: "The shared package is imported by both apps and imports neither.",
      severity: "error",
      from: { path: "^packages/shared/" },
      to: { path: "^apps/" },
    },
    {
      name: "web-calls-through-hooks",
      comment:
        "Components do not call the server: a feature's hooks (use-*.ts) own the calls, live subscriptions and error mapping.",
      severity: "error",
      from: {
        path: "^apps/web/src/",
        // The route loaders (app/route-data.ts) start a page's first queries before its code loads.
        pathNot: [
          "^apps/web/src/lib/",
          "/use-[^/]+\\.tsx?$",
          "\\.test\\.tsx?$",
          "^apps/web/src/app/route-data\\.ts$",
        ],
      },
      to: { path: "^apps/web/src/lib/trpc\\.ts$" },
    },
    {
      name: "web-features-apart",
      comment:
        "A web feature uses another only through its index.ts (or loads one of its pages lazily, as the routes do); what has no domain of its own lives in components/ or lib/.",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/", pathNot: TEST_CODE },
      to: {
        path: "^apps/web/src/features/[^/]+/",
        pathNot: ["^apps/web/src/features/$1/", "^apps/web/src/features/[^/]+/index\\.ts$"],
        dependencyTypesNot: ["dynamic-import"],
      },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: {
      path: ["node_modules", "/dist/", "\\.stryker-tmp", "^reports/", "^apps/server/src/core/db/migrations/"],
    },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
  },
};
