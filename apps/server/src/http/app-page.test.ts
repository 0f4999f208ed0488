import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ClientConfig } from "@litverse/shared/client-config";
import type { FirstDataReply } from "@litverse/shared/first-data";
import { afterAll, describe, expect, it } from "vitest";
import {
  BOOK_PAGE_SCRIPT_FILE,
  findRoute,
  HEAD_SCRIPT_FILE,
  jsonForHtml,
  loadAppPage,
  matchesRoutePath,
  type RoutePreload,
  routeScriptTags,
  routeStyleTags,
  scriptHash,
  takeStylesheets,
} from "./app-page.ts";

const ROUTES: RoutePreload[] = [
  { path: "/", scripts: ["/assets/home.js"], styles: [] },
  { path: "/profile/:userId", scripts: ["/assets/profile.js"], styles: [] },
  { path: "/profile/reels", scripts: ["/assets/my-reels.js"], styles: [] },
  {
    path: "/read/:contentId",
    scripts: ["/assets/read.js", "/assets/button.js"],
    styles: ["/assets/read.css"],
  },
];

const CONFIG: ClientConfig = {
  auth: { authority: "http://127.0.0.1/oidc", clientId: "litverse-web", scope: "openid profile email" },
  supportEmail: "</script><script>alert(1)</script>@example.com",
  signedOutView: "landing",
  isDemo: false,
};

describe("matching a URL to the router's routes", () => {
  it("matches segments, a parameter standing for any one", () => {
    expect(matchesRoutePath("/read/:contentId", "/read/abc")).toBe(true);
    expect(matchesRoutePath("/read/:contentId", "/read/abc/")).toBe(true);
    expect(matchesRoutePath("/read/:contentId", "/read")).toBe(false);
    expect(matchesRoutePath("/read/:contentId", "/read/abc/def")).toBe(false);
    expect(matchesRoutePath("/", "/")).toBe(true);
  });

  it("prefers a route without parameters, as the router does", () => {
    expect(findRoute(ROUTES, "/profile/reels")?.scripts).toEqual(["/assets/my-reels.js"]);
    expect(findRoute(ROUTES, "/profile/123")?.scripts).toEqual(["/assets/profile.js"]);
    expect(findRoute(ROUTES, "/nowhere/at/all")).toBeUndefined();
  });
});

describe("the page's tags", () => {
  it("preload the route's styles and chunks", () => {
    const route = findRoute(ROUTES, "/read/x");
    expect(routeStyleTags(route)).toBe('<link rel="preload" as="style" href="/assets/read.css">');
    expect(routeStyleTags(route, { apply: true })).toBe('<link rel="stylesheet" href="/assets/read.css">');
    expect(routeScriptTags(route)).toBe(
      [
        '<link rel="modulepreload" crossorigin href="/assets/read.js">',
        '<link rel="modulepreload" crossorigin href="/assets/button.js">',
      ].join("\n    "),
    );
  });

  it("take the build's stylesheets out of its page, to go ahead of its scripts", () => {
    const built =
      '<head>\n    <script type="module" crossorigin src="/assets/index.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/react.js">\n    <link rel="stylesheet" crossorigin href="/assets/web.css">\n  </head>';
    expect(takeStylesheets(built)).toEqual({
      html: '<head>\n    <script type="module" crossorigin src="/assets/index.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/react.js">\n  </head>',
      styles: ['<link rel="stylesheet" crossorigin href="/assets/web.css">'],
    });
  });

  it("take only the build's own paths", () => {
    const odd = {
      path: "/",
      scripts: ['/assets/a.js"><script>', "https://elsewhere/x.js", "/../x.js"],
      styles: [],
    };
    expect(routeScriptTags(odd)).toBe("");
    expect(routeStyleTags({ ...odd, styles: odd.scripts })).toBe("");
  });

  it("carry JSON that cannot close its element", () => {
    const json = jsonForHtml(CONFIG);
    expect(json).not.toContain("<");
    expect(json).not.toContain(">");
    expect(JSON.parse(json)).toEqual(CONFIG);
  });
});

describe("the page for an app route", () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), "litverse-app-page-"));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  writeFileSync(
    path.join(dist, "index.html"),
    '<!doctype html><html><head><script type="module" src="/assets/index.js"></script>\n<link rel="stylesheet" crossorigin href="/assets/index.css">\n</head><body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(dist, ".vite"));
  writeFileSync(path.join(dist, ".vite/route-preloads.json"), JSON.stringify(ROUTES));
  const page = loadAppPage(dist, CONFIG);

  it("has the build's stylesheet ahead of the app's scripts", () => {
    const html = page.render("/read/0b9d1f7e");
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1);
    expect(html.indexOf('href="/assets/index.css"')).toBeLessThan(html.indexOf('<script type="module"'));
  });

  it("names the route's files and holds the client configuration, in the head", () => {
    const html = page.render("/read/0b9d1f7e");
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/read.js">');
    expect(head).toContain('<script type="application/json" id="client-config">');
    const json = head.slice(
      head.indexOf('id="client-config">') + 'id="client-config">'.length,
      head.lastIndexOf("</script>"),
    );
    expect(JSON.parse(json)).toEqual(CONFIG);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(page.scriptSources).toEqual([]);
  });

  const reply: FirstDataReply = {
    subject: "reader-1",
    queries: [{ path: "content.getContent", input: { contentId: "0b9d1f7e" }, data: { title: "</script>" } }],
    images: ["/demo/covers/a.svg", "https://elsewhere.example/b.png", '/media/c.webp" onload="x'],
  };

  it("holds a drawn first screen ahead of the root, and the answer it was drawn from", () => {
    const html = page.render("/read/0b9d1f7e", { html: "<main><h1>A title</h1></main>", reply });
    const head = html.slice(0, html.indexOf("</head>"));
    const body = html.slice(html.indexOf("</head>"));
    expect(body).toContain(
      '<div id="first-screen" inert aria-hidden="true"><main><h1>A title</h1></main></div><div id="root"></div>',
    );
    // The answer, which cannot close its element, comes before every script that may read it.
    const json = /<script type="application\/json" id="first-data">(.*?)<\/script>/.exec(head)?.[1] ?? "";
    expect(JSON.parse(json)).toEqual(reply);
    expect(head.indexOf('id="first-data"')).toBeLessThan(head.indexOf('<script type="module"'));
    // The drawing's styles apply at once, ahead of the scripts; only the page's own images are
    // fetched first.
    expect(head.indexOf('<link rel="stylesheet" href="/assets/read.css">')).toBeGreaterThan(0);
    expect(head.indexOf('<link rel="stylesheet" href="/assets/read.css">')).toBeLessThan(
      head.indexOf('<script type="module"'),
    );
    expect(head).toContain('<link rel="preload" as="image" fetchpriority="high" href="/demo/covers/a.svg">');
    expect(head.match(/rel="preload" as="image"/g)).toHaveLength(1);
    expect(head).not.toContain('onload="x"');
    // Nothing needs the app's code to paint the drawing: it comes after what the drawing shows.
    expect(head).toContain('<script type="module" fetchpriority="low" ');
    expect(head).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/read.js">',
    );
    expect(head).not.toMatch(/<link rel="modulepreload" (?!fetchpriority="low")/);
    // Nothing of one person's page is kept for the next.
    const undrawn = page.render("/read/0b9d1f7e");
    expect(undrawn).not.toContain("first-data");
    expect(undrawn).not.toContain("fetchpriority");
  });

  it("holds only the answer when nothing could be drawn", () => {
    const html = page.render("/read/0b9d1f7e", { html: null, reply });
    expect(html).toContain('id="first-data"');
    expect(html).not.toContain('id="first-screen"');
    expect(html).toContain('<link rel="preload" as="style" href="/assets/read.css">');
    // The app draws this page: its code is what the first paint waits for.
    expect(html).not.toContain('fetchpriority="low"');
  });

  it("has only the configuration for a route it does not know", () => {
    const html = page.render("/nowhere");
    expect(html).not.toContain("modulepreload");
    expect(html).toContain('id="client-config"');
  });
});

describe("the page's head script", () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), "litverse-app-page-"));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  writeFileSync(
    path.join(dist, "index.html"),
    '<!doctype html><html><head><title>x</title><script type="module" src="/assets/index.js"></script></head><body></body></html>',
  );
  mkdirSync(path.join(dist, ".vite"));
  const code = '(function(){fetch("/api/first-data",{method:"POST"})})();';
  writeFileSync(path.join(dist, HEAD_SCRIPT_FILE), code);

  it("runs inline before the app's entry, allowed by its hash", () => {
    const page = loadAppPage(dist, CONFIG);
    const html = page.render("/");
    expect(html.indexOf(`<script>${code}</script>`)).toBeGreaterThan(html.indexOf("<title>"));
    expect(html.indexOf(`<script>${code}</script>`)).toBeLessThan(html.indexOf('<script type="module"'));
    const hash = createHash("sha256").update(code).digest("base64");
    expect(page.scriptSources).toEqual([`'sha256-${hash}'`]);
    expect(scriptHash(code)).toBe(`'sha256-${hash}'`);
  });

  it("is refused when it could close its own element", () => {
    writeFileSync(path.join(dist, HEAD_SCRIPT_FILE), 'console.log("</script>")');
    expect(() => loadAppPage(dist, CONFIG)).toThrow(/cannot be written inline/);
  });
});

describe("the book page script", () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), "litverse-app-page-"));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  writeFileSync(
    path.join(dist, "index.html"),
    '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(dist, ".vite"));
  writeFileSync(path.join(dist, ".vite/route-preloads.json"), JSON.stringify(ROUTES));
  const code = "(function(){document.title='laid out'})();";
  writeFileSync(path.join(dist, BOOK_PAGE_SCRIPT_FILE), code);
  const reply: FirstDataReply = { subject: "s", queries: [], images: [] };

  it("follows a book chapter's drawing, allowed by its hash, and no other page", () => {
    const page = loadAppPage(dist, CONFIG);
    expect(page.scriptSources).toEqual([scriptHash(code)]);
    expect(page.render("/read/0b9d1f7e", { html: "<main>A chapter</main>", reply })).toContain(
      `<div id="first-screen" inert aria-hidden="true"><main>A chapter</main></div><script>${code}</script><div id="root"></div>`,
    );
    // Not on an undrawn page, nor on another drawn one.
    expect(page.render("/read/0b9d1f7e", { html: null, reply })).not.toContain(code);
    expect(page.render("/", { html: "<main>Home</main>", reply })).not.toContain(code);
  });
});
