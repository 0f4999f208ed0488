// The page the server sends for every app route: the build's index.html with what that route
// needs named up front (decision 0028), so that a phone fetches it alongside the entry instead of
// after the entry has run and asked for it:
// - the route's chunks (`modulepreload`) and styles (`preload`), from the build's route table
//   (dist/.vite/route-preloads.json, written by apps/web/build/first-load.ts);
// - the build's stylesheets ahead of its scripts (decision 0034);
// - the client configuration the app would otherwise fetch before anything else, as a JSON data
//   block (not a script: the content security policy runs no inline script but the one below);
// - first, the build's head script, inline, which asks for the page's first data over HTTP while
//   the rest downloads (decision 0029); the content security policy allows it by its hash;
// - when the server has drawn the page's first screen (decision 0031): that screen ahead of the
//   app's root, and the first-data answer it was drawn from ahead of the head script, which then
//   need not ask; the route's styles apply at once rather than being preloaded, and the app's
//   scripts are fetched at low priority, after what the drawing shows (decision 0053).
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ClientConfig } from "@litverse/shared/client-config";
import {
  FIRST_DATA_ELEMENT_ID,
  FIRST_SCREEN_ELEMENT_ID,
  type FirstDataReply,
} from "@litverse/shared/first-data";

export const ROUTE_PRELOADS_FILE = ".vite/route-preloads.json";
/** Written by the build (apps/web/build/inline-script.ts). */
export const HEAD_SCRIPT_FILE = ".vite/head-script.js";
export const BOOK_PAGE_SCRIPT_FILE = ".vite/book-page-script.js";
/** The route whose drawn page is laid out by the book page script before its first paint. */
const BOOK_READER_ROUTE = "/read/:contentId";
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

const isBuildPath = (file: string) => /^\/[\w./-]+$/.test(file) && !file.includes("..");

/** The tags for a route's styles: applied at once when the page holds a drawing that needs them. */
export function routeStyleTags(route: RoutePreload | undefined, { apply = false } = {}): string {
  return (route?.styles ?? [])
    .filter(isBuildPath)
    .map((file) =>
      apply
        ? `<link rel="stylesheet" href="${escapeAttribute(file)}">`
        : `<link rel="preload" as="style" href="${escapeAttribute(file)}">`,
    )
    .join("\n    ");
}

/** The tags that fetch a route's chunks alongside the entry. */
export function routeScriptTags(route: RoutePreload | undefined): string {
  return (route?.scripts ?? [])
    .filter(isBuildPath)
    .map((file) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">`)
    .join("\n    ");
}

/**
 * The app's scripts fetched after what the drawing shows: on a page whose first screen is drawn,
 * nothing needs them to paint, and on a phone's line they would otherwise share it with the
 * styles and the first pictures (HTTP/1.1's six connections, each a slice of the bandwidth).
 */
export function afterTheDrawing(tags: string): string {
  return tags.replaceAll(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');
}

/** The build's stylesheet links, taken out of its page so that they can go ahead of its scripts. */
export function takeStylesheets(html: string): { html: string; styles: string[] } {
  const styles: string[] = [];
  const rest = html.replace(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g, (tag) => {
    styles.push(tag.trim());
    return "";
  });
  return { html: rest, styles };
}

/** A page's first screen, drawn on the server for the signed-in person (http/first-screen.ts). */
export interface DrawnScreen {
  /** The screen's HTML; null when only the answer goes into the page (nothing could be drawn). */
  html: string | null;
  /** The first-data answer it was drawn from. */
  reply: FirstDataReply;
}

/** Same-origin paths only: the images the page shows first, fetched before anything else. */
function imagePreloadTags(images: readonly string[]): string {
  return images
    .filter((image) => isBuildPath(image) || /^\/(demo|media)\/[^\s"<>]+$/.test(image))
    .map((image) => `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(image)}">`)
    .join("\n    ");
}

export interface AppPage {
  /** The page for a URL path (without its query), with its first screen when one was drawn. */
  render(urlPath: string, screen?: DrawnScreen | null): string;
  /** What the content security policy must allow for the page's inline script, if it has one. */
  scriptSources: string[];
}

/** The hash by which a content security policy allows an inline script ("'sha256-…'"). */
export function scriptHash(code: string): string {
  return `'sha256-${createHash("sha256").update(code).digest("base64")}'`;
}

/** One of the build's scripts written into pages inline, if the build has it. */
function readInlineScript(distDir: string, file: string): string | null {
  const at = path.join(distDir, file);
  const code = existsSync(at) ? readFileSync(at, "utf8") : null;
  if (code?.includes("</script")) throw new Error(`${file} cannot be written inline.`);
  return code;
}

/** Reads the build once; `config` is what /api/client-config answers. */
export function loadAppPage(distDir: string, config: ClientConfig): AppPage {
  const headScript = readInlineScript(distDir, HEAD_SCRIPT_FILE);
  const bookPageScript = readInlineScript(distDir, BOOK_PAGE_SCRIPT_FILE);
  // A page cannot paint before its stylesheets have come: they go ahead of the app's scripts,
  // which would otherwise take HTTP/1.1's six connections first.
  const { html, styles: buildStyles } = takeStylesheets(
    readFileSync(path.join(distDir, "index.html"), "utf8"),
  );
  const headEnd = html.lastIndexOf("</head>");
  if (headEnd < 0) throw new Error("The web build's index.html has no </head>.");
  const entryAt = html.indexOf("<script");
  // What comes first in the head goes ahead of the entry (or at the end of a head without one).
  const firstAt = entryAt >= 0 && entryAt < headEnd ? entryAt : headEnd;
  const routesFile = path.join(distDir, ROUTE_PRELOADS_FILE);
  const routes: RoutePreload[] = existsSync(routesFile) ? JSON.parse(readFileSync(routesFile, "utf8")) : [];
  const configTag = `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${jsonForHtml(config)}</script>`;
  // A drawn screen goes just ahead of the app's root (a build without one gets the answer only).
  const rootAt = html.indexOf('<div id="root"></div>', headEnd);
  const pages = new Map<string, string>();

  // The build's page in the pieces the tags go between, cut once.
  const pageStart = html.slice(0, firstAt);
  const headRest = html.slice(firstAt, headEnd);
  const body = html.slice(headEnd);
  const bodyBeforeRoot = rootAt >= 0 ? html.slice(headEnd, rootAt) : body;
  const bodyFromRoot = rootAt >= 0 ? html.slice(rootAt) : "";
  const headScriptTag = headScript ? `<script>${headScript}</script>` : null;
  const headRestAfterDrawing = afterTheDrawing(headRest);

  /**
   * The page in its order: the answer the drawing came from (which the head script reads), the
   * head script (its request goes out before the entry's files are queued; ahead of the styles,
   * since an inline script waits for the stylesheets before it), the styles, the app's entry, the
   * route's chunks and the configuration, then the body with the drawing ahead of the root.
   */
  function assemble(parts: { answer?: string; routeStyles: string; routeTags: string; drawing?: string }) {
    const firstTags = [parts.answer, headScriptTag, ...buildStyles, parts.routeStyles].filter(Boolean);
    return [
      pageStart,
      firstTags.map((tag) => `${tag}\n    `).join(""),
      parts.drawing ? headRestAfterDrawing : headRest,
      `  ${[parts.routeTags, configTag].filter(Boolean).join("\n    ")}\n  `,
      parts.drawing ? `${bodyBeforeRoot}${parts.drawing}${bodyFromRoot}` : body,
    ].join("");
  }

  /** A page for one person: never kept, nor cached by anyone (its headers say so). */
  function withScreen(route: RoutePreload | undefined, screen: DrawnScreen): string {
    const isDrawn = screen.html !== null && rootAt >= 0;
    // A book chapter's script runs as soon as the drawing is in (and the styles it needs).
    const layout =
      route?.path === BOOK_READER_ROUTE && bookPageScript ? `<script>${bookPageScript}</script>` : "";
    return assemble({
      answer: [
        `<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">${jsonForHtml(screen.reply)}</script>`,
        imagePreloadTags(screen.reply.images),
      ]
        .filter(Boolean)
        .join("\n    "),
      // The drawing needs the route's styles at once.
      routeStyles: routeStyleTags(route, { apply: isDrawn }),
      routeTags: isDrawn ? afterTheDrawing(routeScriptTags(route)) : routeScriptTags(route),
      // Inert and hidden from assistive technology: a picture of the page until the app, which
      // draws the same page, takes its place (apps/web/src/first-screen/handoff.ts).
      drawing: isDrawn
        ? `<div id="${FIRST_SCREEN_ELEMENT_ID}" inert aria-hidden="true">${screen.html}</div>${layout}`
        : undefined,
    });
  }

  return {
    scriptSources: [
      ...(headScript ? [scriptHash(headScript)] : []),
      ...(bookPageScript ? [scriptHash(bookPageScript)] : []),
    ],
    render(urlPath, screen) {
      const route = findRoute(routes, urlPath);
      if (screen) return withScreen(route, screen);
      const key = route?.path ?? "";
      let page = pages.get(key);
      if (page === undefined) {
        page = assemble({
          routeStyles: "",
          routeTags: [routeStyleTags(route), routeScriptTags(route)].filter(Boolean).join("\n    "),
        });
        pages.set(key, page);
      }
      return page;
    },
  };
}
