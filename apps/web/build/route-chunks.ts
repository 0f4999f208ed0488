// Fewer files for the pages people open first (decision 0030). Left to itself, the bundler puts
// each set of modules shared by a different set of routes into a chunk of its own: a reader then
// needs some thirty files of a few hundred bytes to a few kilobytes each, and over HTTP/1.1's six
// connections on a phone every file costs a round trip. Instead, families of routes (named in
// vite.config.ts) each get one chunk: the modules that enough of the family's routes need, beyond
// the entry's and those of the families before it. What no family takes stays with the bundler's
// own chunks. Modules are assigned once the module graph is known; a module goes to one chunk at
// most, so no code is copied and no module is run twice.
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";
import { parseRouteModules } from "./first-load.ts";

export interface RouteFamily {
  /** The chunk's name. */
  name: string;
  /** Routes as the router writes them ("/" for the index route), or "*" for every route. */
  routes: string[] | "*";
  /** How many of the family's routes must need a module for it to join the family's chunk. */
  minRoutes: number;
  /**
   * At most this many routes outside the family may need a module of its chunk: each of them
   * would load the whole chunk for it.
   */
  maxOtherRoutes?: number;
  /**
   * Only modules that these routes reach may join: what a page shares with many others, apart from
   * what the others share among themselves and it would load for nothing.
   */
  reachedFrom?: string[];
}

/** The graph's view that the assignment needs: a module's static imports. */
export type StaticImports = (id: string) => readonly string[];

/** A web feature's index.ts: it only re-exports what the feature offers the others. */
export const FEATURE_INDEX = /\/src\/features\/[^/]+\/index\.ts$/;

const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const NAMED_EXPORT = /export\s*(type\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;

/** The names a list such as `a, type B, c as d` brings in, types left out (they are erased). */
function valueNames(list: string): string[] {
  return list
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "" && !part.startsWith("type "))
    .map((part) => part.split(/\s+as\s+/)[0] as string);
}

/**
 * Static imports that see through feature indexes. The bundler drops an index's re-exports that
 * nobody uses (vite.config.ts), so a page that takes one thing from another feature's index needs
 * only that thing's module; counting every module the index names would put pages into chunk
 * families they have nothing to do with. `source` reads a module's source text (TypeScript).
 */
export function throughFeatureIndexes(imports: StaticImports, source: (id: string) => string): StaticImports {
  const reExports = new Map<string, Map<string, string>>();
  const exportsOf = (index: string) => {
    let byName = reExports.get(index);
    if (!byName) {
      byName = new Map();
      for (const [, typeOnly, list = "", from = ""] of source(index).matchAll(NAMED_EXPORT)) {
        if (typeOnly) continue;
        for (const name of valueNames(list)) byName.set(name, path.resolve(path.dirname(index), from));
      }
      reExports.set(index, byName);
    }
    return byName;
  };
  // Every route's closure asks again for the modules it shares with others: read each source once.
  const seen = new Map<string, readonly string[]>();
  return (id) => {
    const known = seen.get(id);
    if (known) return known;
    const direct = imports(id);
    if (!direct.some((target) => FEATURE_INDEX.test(target))) return direct;
    const resolved = direct.filter((target) => !FEATURE_INDEX.test(target));
    seen.set(id, resolved);
    for (const [, list = "", from = ""] of source(id).matchAll(NAMED_IMPORT)) {
      const index = path.resolve(path.dirname(id), from);
      if (!FEATURE_INDEX.test(index)) continue;
      const byName = exportsOf(index);
      for (const name of valueNames(list)) {
        const target = byName.get(name);
        if (target && !resolved.includes(target)) resolved.push(target);
      }
    }
    return resolved;
  };
}

/** Modules reached from `start` by static imports, not entering `stop`. */
export function moduleClosure(start: string, imports: StaticImports, stop: Set<string>): Set<string> {
  const seen = new Set<string>();
  const pending = [start];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (seen.has(id) || stop.has(id)) continue;
    seen.add(id);
    pending.push(...imports(id));
  }
  return seen;
}

/**
 * The chunk each module joins: families in order, each taking the modules that at least
 * `minRoutes` of its routes reach, beyond the entry's closure and earlier families.
 */
export function assignFamilies(options: {
  families: RouteFamily[];
  /** Each family route's module id, by route path. */
  routeModules: Map<string, string>;
  entryModules: string[];
  imports: StaticImports;
}): Map<string, string> {
  const { families, routeModules, entryModules, imports } = options;
  const taken = new Set<string>();
  for (const entry of entryModules) {
    for (const id of moduleClosure(entry, imports, new Set())) taken.add(id);
  }
  const assignment = new Map<string, string>();
  for (const family of families) {
    const members = new Set(family.routes === "*" ? routeModules.keys() : family.routes);
    const counts = new Map<string, number>();
    const otherCounts = new Map<string, number>();
    for (const [routePath, moduleId] of routeModules) {
      const tally = members.has(routePath) ? counts : otherCounts;
      for (const id of moduleClosure(moduleId, imports, taken)) tally.set(id, (tally.get(id) ?? 0) + 1);
    }
    const moduleOf = (routePath: string) => {
      const moduleId = routeModules.get(routePath);
      if (!moduleId)
        throw new Error(`The chunk family ${family.name} names ${routePath}, which the router lacks.`);
      return moduleId;
    };
    for (const routePath of members) moduleOf(routePath);
    const reachable = family.reachedFrom
      ? new Set(
          family.reachedFrom.flatMap((routePath) => [...moduleClosure(moduleOf(routePath), imports, taken)]),
        )
      : undefined;
    for (const [id, count] of counts) {
      if (count < family.minRoutes) continue;
      if (reachable && !reachable.has(id)) continue;
      if ((otherCounts.get(id) ?? 0) > (family.maxOtherRoutes ?? Number.POSITIVE_INFINITY)) continue;
      assignment.set(id, family.name);
      taken.add(id);
    }
  }
  return assignment;
}

/**
 * The plugin that works out the assignment once the graph is built, and the bundler's groups that
 * read it when the chunks are made (after the build phase). `router` is relative to the Vite root.
 */
export function routeChunks(options: { router: string; families: RouteFamily[] }) {
  let assignment = new Map<string, string>();
  let root = "";
  const plugin: Plugin = {
    name: "litverse:route-chunks",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    async buildEnd(error) {
      if (error) return;
      const routerPath = path.resolve(root, options.router);
      const routes = parseRouteModules(await readFile(routerPath, "utf8"));
      const routeModules = new Map(
        routes.map((route) => [route.path, path.resolve(path.dirname(routerPath), route.module)]),
      );
      const moduleIds = [...this.getModuleIds()];
      assignment = assignFamilies({
        families: options.families,
        routeModules,
        entryModules: moduleIds.filter((id) => this.getModuleInfo(id)?.isEntry),
        imports: throughFeatureIndexes(
          (id) => this.getModuleInfo(id)?.importedIds ?? [],
          (id) => readFileSync(id, "utf8"),
        ),
      });
    },
  };
  const groups = options.families.map((family) => ({
    name: family.name,
    test: (id: string) => assignment.get(id) === family.name,
    // A family's modules may import ones it left out (the entry's, an earlier family's, or ones
    // too many other pages use); those stay where they are rather than follow into the chunk.
    includeDependenciesRecursively: false,
  }));
  return { plugin, groups };
}
