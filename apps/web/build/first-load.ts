// What a page's first load needs, worked out at build time (decision 0028):
// - for each route of src/app/routes.tsx, the chunks and styles its module loads beyond the
//   entry's, written to dist/.vite/route-preloads.json: the server lists them in the page it
//   sends, so that the browser fetches them alongside the entry rather than after it has run;
// - budgets that fail the build: the entry's JavaScript (gzipped); for every page readers see, no
//   chunk that the page can reach holding the admin chart library; for the pages named, how many
//   files their first load needs beyond the entry's (each costs a round trip on a phone), and
//   packages their first load must not bring;
// - Brotli and gzip copies of the build's text files, which the server sends as they are.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, gzipSync, constants as zlibConstants } from "node:zlib";
import type { Plugin } from "vite";

/** The most JavaScript the entry may hold, gzipped (level 9): what loads before the first paint. */
export const ENTRY_BUDGET_BYTES = 170 * 1024;
/** Packages that readers' pages must never load. */
export const READER_FORBIDDEN_PACKAGES = ["recharts"];
/** Where the route table goes, beside Vite's manifest (dot folders are never served or cached). */
export const ROUTE_PRELOADS_FILE = ".vite/route-preloads.json";
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|xml|wasm)$/;

export interface RouteModule {
  /** The route's path as the router writes it ("/" for the index route), for example "/read/:contentId". */
  path: string;
  /** The module its `lazy` imports, relative to src/app, for example "../features/home/home-route.tsx". */
  module: string;
}

export interface RoutePreload {
  path: string;
  /** Absolute URLs of the route's chunks beyond the entry's, in load order. */
  scripts: string[];
  styles: string[];
}

/** The routes of the router's source: each `path` (or `index: true`) with the module its `lazy` imports. */
export function parseRouteModules(routerSource: string): RouteModule[] {
  const pattern =
    /(?:path:\s*"([^"]+)"|index:\s*true)\s*,\s*(?:\w+:\s*\w+\s*,\s*)*lazy:\s*(?:async\s*)?\(\)\s*=>\s*\(?\s*(?:await\s+)?import\(\s*"([^"]+)"\s*\)/g;
  const routes: RouteModule[] = [];
  for (const match of routerSource.matchAll(pattern)) {
    routes.push({ path: match[1] ?? "/", module: match[2] as string });
  }
  return routes;
}

/** The parts of a built chunk these checks read (Rolldown's output chunk has them all). */
export interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  /** The module the chunk stands for, if any: for the app's entry, its index.html. */
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  imports: readonly string[];
  dynamicImports: readonly string[];
  css: readonly string[];
  code: string;
}

/** Chunks reached by static imports from `start`, `start` first. */
export function staticClosure(chunks: Map<string, ChunkInfo>, start: string[]): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  for (const fileName of start) visit(fileName);
  return [...seen];
}

/**
 * Everything a route's module can load: its static imports, and what it or they import on demand
 * (panels, dialogs), but not through the entry's chunks, whose own dynamic imports are the other
 * routes.
 */
export function reachableChunks(
  chunks: Map<string, ChunkInfo>,
  start: string,
  entryFiles: Set<string>,
): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName) || entryFiles.has(fileName)) return;
    seen.add(fileName);
    const chunk = chunks.get(fileName);
    if (!chunk) return;
    for (const imported of [...chunk.imports, ...chunk.dynamicImports]) visit(imported);
  };
  visit(start);
  return [...seen];
}

/** Whether a module id is a file of one of the packages. */
export function isPackageModule(id: string, packages: readonly string[]): boolean {
  return packages.some((name) => new RegExp(`[\\\\/]node_modules[\\\\/]${name}[\\\\/]`).test(id));
}

/** Admin pages may use anything; every other page is a reader's. */
export const isReaderRoute = (routePath: string) => !routePath.startsWith("/admin");

/** Pages whose first load may need at most `maxFiles` JavaScript files beyond the entry's. */
export interface FileBudget {
  routes: string[];
  maxFiles: number;
}

/** Packages the first load of the pages named (the entry's files and the page's own) must not hold. */
export interface KeptOut {
  routes: string[];
  packages: string[];
}

export interface FirstLoadReport {
  entryGzipBytes: number;
  routes: RoutePreload[];
  problems: string[];
}

/** The route table and the budgets' verdict, from the finished bundle. */
export function analyseBundle(
  chunks: Map<string, ChunkInfo>,
  routes: RouteModule[],
  srcAppDir: string,
  fileBudget?: FileBudget,
  keptOut?: KeptOut,
): FirstLoadReport {
  const entries = [...chunks.values()].filter(
    (chunk) => chunk.isEntry && /[\\/]index\.html$/.test(chunk.facadeModuleId ?? ""),
  );
  if (entries.length === 0) throw new Error("The bundle has no entry for index.html.");
  const entryFiles = staticClosure(
    chunks,
    entries.map((chunk) => chunk.fileName),
  );
  const entrySet = new Set(entryFiles);
  const entryGzipBytes = entryFiles.reduce(
    (total, fileName) => total + gzipSync(chunks.get(fileName)?.code ?? "", { level: 9 }).length,
    0,
  );
  const problems: string[] = [];
  if (entryGzipBytes > ENTRY_BUDGET_BYTES) {
    problems.push(
      `the entry's JavaScript is ${(entryGzipBytes / 1024).toFixed(1)} KB gzipped, over its budget of ${ENTRY_BUDGET_BYTES / 1024} KB`,
    );
  }
  const chunkOfModule = new Map<string, string>();
  for (const chunk of chunks.values()) {
    for (const id of chunk.moduleIds) chunkOfModule.set(id, chunk.fileName);
  }
  const preloads: RoutePreload[] = [];
  for (const route of routes) {
    const moduleId = path.resolve(srcAppDir, route.module);
    const routeChunk = chunkOfModule.get(moduleId);
    if (!routeChunk) {
      problems.push(`the route ${route.path} imports ${route.module}, which is in no chunk`);
      continue;
    }
    const own = staticClosure(chunks, [routeChunk]).filter((fileName) => !entrySet.has(fileName));
    if (fileBudget?.routes.includes(route.path) && own.length > fileBudget.maxFiles) {
      problems.push(
        `the page ${route.path} needs ${own.length} JavaScript files beyond the entry's, over its budget of ${fileBudget.maxFiles}`,
      );
    }
    if (keptOut?.routes.includes(route.path)) {
      for (const fileName of [...entryFiles, ...own]) {
        const held = chunks.get(fileName)?.moduleIds.find((id) => isPackageModule(id, keptOut.packages));
        if (held) {
          problems.push(`the page ${route.path} loads ${fileName} first, which holds ${held}`);
          break;
        }
      }
    }
    preloads.push({
      path: route.path,
      scripts: own.map((fileName) => `/${fileName}`),
      styles: [...new Set(own.flatMap((fileName) => chunks.get(fileName)?.css ?? []))].map(
        (file) => `/${file}`,
      ),
    });
    if (!isReaderRoute(route.path)) continue;
    for (const fileName of reachableChunks(chunks, routeChunk, entrySet)) {
      const forbidden = chunks
        .get(fileName)
        ?.moduleIds.find((id) => isPackageModule(id, READER_FORBIDDEN_PACKAGES));
      if (forbidden) {
        problems.push(`the reader page ${route.path} can load ${fileName}, which holds ${forbidden}`);
        break;
      }
    }
  }
  return { entryGzipBytes, routes: preloads, problems };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Writes `name.br` and `name.gz` beside each compressible file, when they are smaller. */
async function writeCompressedCopies(outDir: string, fileNames: string[]): Promise<void> {
  await Promise.all(
    fileNames
      .filter((name) => COMPRESSIBLE.test(name))
      .map(async (name) => {
        const filePath = path.join(outDir, name);
        const contents = await readFile(filePath);
        const [br, gz] = await Promise.all([
          brotli(contents, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: contents.length,
            },
          }),
          gzipAsync(contents, { level: 9 }),
        ]);
        if (br.length < contents.length) await writeFile(`${filePath}.br`, br);
        if (gz.length < contents.length) await writeFile(`${filePath}.gz`, gz);
      }),
  );
}

/** The build step; `router` is the router's path relative to the Vite root. */
export function firstLoad(options: { router: string; fileBudget?: FileBudget; keptOut?: KeptOut }): Plugin {
  let root = "";
  return {
    name: "litverse:first-load",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      root = config.root;
    },
    // Once the files are written, their code is final (Vite still rewrites it while generating).
    async writeBundle(output, bundle) {
      const routerPath = path.resolve(root, options.router);
      const routes = parseRouteModules(await readFile(routerPath, "utf8"));
      if (routes.length === 0) this.error(`No routes found in ${options.router}.`);
      const chunks = new Map<string, ChunkInfo>();
      for (const file of Object.values(bundle)) {
        if (file.type !== "chunk") continue;
        chunks.set(file.fileName, {
          fileName: file.fileName,
          isEntry: file.isEntry,
          facadeModuleId: file.facadeModuleId,
          moduleIds: file.moduleIds,
          imports: file.imports,
          dynamicImports: file.dynamicImports,
          css: [...(file.viteMetadata?.importedCss ?? [])],
          code: file.code,
        });
      }
      const report = analyseBundle(
        chunks,
        routes,
        path.dirname(routerPath),
        options.fileBudget,
        options.keptOut,
      );
      if (report.problems.length > 0) this.error(`First-load budget:\n  ${report.problems.join("\n  ")}`);
      this.info(
        `entry ${(report.entryGzipBytes / 1024).toFixed(1)} KB gzipped; ${report.routes.length} routes`,
      );
      if (!output.dir) return;
      await writeFile(
        path.join(output.dir, ROUTE_PRELOADS_FILE),
        `${JSON.stringify(report.routes, null, 2)}\n`,
      );
      await writeCompressedCopies(
        output.dir,
        Object.keys(bundle).filter((name) => !name.endsWith(".map") && name !== "index.html"),
      );
    },
  };
}
