import { describe, expect, it } from "vitest";
import { isShellPublicFile, precacheUrls, renderWorker, workerVersion } from "./vite-plugin.ts";

describe("precacheUrls", () => {
  it("lists what the build wrote as root-relative URLs, without maps, dotfiles or the worker", () => {
    expect(
      precacheUrls([
        "index.html",
        "assets/index-AbC123.js",
        "assets/index-AbC123.js.map",
        "assets/index-XyZ.css",
        "sw.js",
        ".vite/manifest.json",
        "icons/icon-192.png",
        "icons/icon-192.png",
      ]),
    ).toEqual(["/assets/index-AbC123.js", "/assets/index-XyZ.css", "/icons/icon-192.png", "/index.html"]);
  });
});

describe("isShellPublicFile", () => {
  const shell = ["favicon.svg", "manifest.webmanifest", "icons/"];
  it("takes named files and whole folders, and leaves content out", () => {
    expect(isShellPublicFile("favicon.svg", shell)).toBe(true);
    expect(isShellPublicFile("icons/icon-512.png", shell)).toBe(true);
    expect(isShellPublicFile("demo/covers/dracula.svg", shell)).toBe(false);
    expect(isShellPublicFile("favicon.svg.bak", shell)).toBe(false);
  });
});

describe("workerVersion", () => {
  const html = { fileName: "index.html", contents: "<html>" };
  const script = { fileName: "assets/a-1.js", contents: new Uint8Array([1, 2, 3]) };
  const files = [html, script];

  it("is a short hash, the same for the same build in any order", () => {
    const version = workerVersion(files, "worker");
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    expect(workerVersion([...files].reverse(), "worker")).toBe(version);
  });

  it("changes with any precached file, and with the worker's code", () => {
    const version = workerVersion(files, "worker");
    expect(workerVersion([{ ...html, contents: "<html lang=en>" }, script], "worker")).not.toBe(version);
    expect(workerVersion(files, "worker, changed")).not.toBe(version);
  });
});

describe("renderWorker", () => {
  it("fills in the version and the list", () => {
    const source = "const VERSION = __SW_VERSION__;\nconst PRECACHE_URLS = __SW_PRECACHE_URLS__;\n";
    expect(renderWorker(source, "abc", ["/index.html"])).toBe(
      'const VERSION = "abc";\nconst PRECACHE_URLS = ["/index.html"];\n',
    );
  });

  it("refuses a worker without its placeholders", () => {
    expect(() => renderWorker("const VERSION = 1;", "abc", [])).toThrow(/__SW_VERSION__/);
  });
});
