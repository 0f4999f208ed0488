// The page the server sends for every app route: the build's index.html with what that route
// needs named up front (decision 0028), so that a phone fetches it alongside the entry instead of
// after the entry has run and asked for it:
// - the route's chunks (`modulepreload`) and styles (`preload`), from the build's route table
//   (dist/.vite/route-preloads.json, written by apps/web/build/first-load.ts);
// - the client configuration the app would otherwise fetch before anything else, as a JSON data
//   block (not a script: the content security policy runs no inline script but the one below);
// - first, the build's head script, inline, which asks for the page's first data over HTTP while
//   the rest downloads (decision 0029); the content security policy allows it by its hash.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ClientConfig } from "@litverse/shared/client-config";

export const ROUTE_PRELOADS_FILE = ".vite/route-preloads.json";
/** Written by the build (apps/web/build/head-script.ts). */
export const HEAD_SCRIPT_FILE = ".vite/head-script.js";
/** The element the web app reads its configuration from (apps/web/src/lib/client-config.tsx). */
export const CLIENT_CONFIG_ELEMENT_ID = "client-config";

export interface RoutePreload {
  path: string;
  scripts: string[];
  styles: string[];
}

/** Whether a URL path matches a router path such as "/read/:contentId" (segments, ":name" any one). */
export function matchesRoutePath(routePath: string, urlPath: string): boolean {
  const pattern = routePath.split("/").filter(Boolean);
  const actual = urlPath.split("/").filter(Boolean);
  if (pattern.length !== actual.length) return false;
  return pattern.every((segment, index) => segment.startsWith(":") || segment === actual[index]);
}

/**
 * The route for a URL path: a route without parameters wins over one with (as in the router,
 * "/profile/reels" before "/profile/:userId").
 */
export function findRoute(routes: readonly RoutePreload[], urlPath: string): RoutePreload | undefined {
  const matching = routes.filter((route) => matchesRoutePath(route.path, urlPath));
  const parameters = (route: RoutePreload) =>
    route.path.split("/").filter((part) => part.startsWith(":")).length;
  return matching.sort((a, b) => parameters(a) - parameters(b))[0];
}

/** JSON that may sit inside an HTML element: nothing in it can close the element or open a comment. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll(">", "\\u003e")
    .replaceAll("&", "\\u0026")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

/** The tags for a route's files; only same-origin absolute paths from the build are taken. */
export function preloadTags(route: RoutePreload | undefined): string {
  if (!route) return "";
  const isBuildPath = (file: string) => /^\/[\w./-]+$/.test(file) && !file.includes("..");
  return [
    ...route.styles
      .filter(isBuildPath)
      .map((file) => `<link rel="preload" as="style" href="${escapeAttribute(file)}">`),
    ...route.scripts
      .filter(isBuildPath)
      .map((file) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">`),
  ].join("\n    ");
}

export interface AppPage {
  /** The page for a URL path (without its query). */
  render(urlPath: string): string;
  /** What the content security policy must allow for the page's inline script, if it has one. */
  scriptSources: string[];
}

/** The hash by which a content security policy allows an inline script ("'sha256-…'"). */
export function scriptHash(code: string): string {
  return `'sha256-${createHash("sha256").update(code).digest("base64")}'`;
}

/** Reads the build once; `config` is what /api/client-config answers. */
export function loadAppPage(distDir: string, config: ClientConfig): AppPage {
  const built = readFileSync(path.join(distDir, "index.html"), "utf8");
  const headScriptFile = path.join(distDir, HEAD_SCRIPT_FILE);
  const headScript = existsSync(headScriptFile) ? readFileSync(headScriptFile, "utf8") : null;
  if (headScript?.includes("</script")) throw new Error(`${HEAD_SCRIPT_FILE} cannot be written inline.`);
  // Ahead of the app's entry: its request goes out before the entry and its preloads are queued.
  const entryAt = built.indexOf("<script");
  const html =
    headScript && entryAt >= 0
      ? `${built.slice(0, entryAt)}<script>${headScript}</script>\n    ${built.slice(entryAt)}`
      : built;
  const routesFile = path.join(distDir, ROUTE_PRELOADS_FILE);
  const routes: RoutePreload[] = existsSync(routesFile) ? JSON.parse(readFileSync(routesFile, "utf8")) : [];
  const configTag = `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${jsonForHtml(config)}</script>`;
  const pages = new Map<string, string>();
  const headEnd = html.lastIndexOf("</head>");
  if (headEnd < 0) throw new Error("The web build's index.html has no </head>.");
  return {
    scriptSources: headScript && entryAt >= 0 ? [scriptHash(headScript)] : [],
    render(urlPath) {
      const route = findRoute(routes, urlPath);
      const key = route?.path ?? "";
      let page = pages.get(key);
      if (page === undefined) {
        const tags = [preloadTags(route), configTag].filter(Boolean).join("\n    ");
        page = `${html.slice(0, headEnd)}  ${tags}\n  ${html.slice(headEnd)}`;
        pages.set(key, page);
      }
      return page;
    },
  };
}
