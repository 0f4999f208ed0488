// The worker itself, run in a fresh V8 context with a fake `self`, Cache Storage and network: what
// it precaches, what it answers from the cache, what it leaves alone, and what it deletes.
import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { describe, expect, it, vi } from "vitest";
import { renderWorker } from "./vite-plugin.ts";

const ORIGIN = "https://litverse.test";
const SOURCE = readFileSync(path.join(import.meta.dirname, "sw.js"), "utf8");
const PRECACHE = ["/index.html", "/assets/index-abc.js", "/assets/index-def.css", "/manifest.webmanifest"];

type Listener = (event: unknown) => void;

/** In a worker, relative URLs resolve against the worker's origin. */
class WorkerRequest extends Request {
  constructor(input: string | Request, init?: RequestInit) {
    super(typeof input === "string" ? new URL(input, ORIGIN) : input, init);
  }
}

function fakeCacheStorage() {
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (request: Request | string) =>
    new URL(typeof request === "string" ? request : request.url, ORIGIN).href;
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      addAll: async (requests: Request[]) => {
        for (const request of requests) store.set(keyOf(request), await network(request));
      },
      match: async (request: Request | string) => store.get(keyOf(request))?.clone(),
      put: async (request: Request, response: Response) => {
        store.set(keyOf(request), response);
      },
    };
  };
  return {
    stores,
    open,
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (request: string, options?: { cacheName?: string }) =>
      stores
        .get(options?.cacheName ?? "")
        ?.get(keyOf(request))
        ?.clone(),
  };
}

let online = true;
const requested: string[] = [];
async function network(request: Request): Promise<Response> {
  requested.push(new URL(request.url).pathname);
  if (!online) throw new TypeError("Failed to fetch");
  const { pathname } = new URL(request.url);
  const type = pathname.endsWith(".js") ? "text/javascript" : "text/html";
  return new Response(`network ${pathname}`, { headers: { "content-type": type } });
}

function startWorker(version = "v1", caches = fakeCacheStorage()) {
  const listeners = new Map<string, Listener>();
  const claim = vi.fn(async () => {});
  const context = {
    self: {
      addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
      location: new URL(`${ORIGIN}/sw.js`),
      clients: { claim },
    },
    caches,
    // A response from the same origin, as fetch() gives it.
    fetch: async (request: Request) => {
      const response = await network(request);
      Object.defineProperty(response, "type", { value: "basic" });
      return response;
    },
    URL,
    Request: WorkerRequest,
    Response,
    Promise,
    console,
  };
  vm.runInNewContext(renderWorker(SOURCE, version, PRECACHE), context);

  /** Runs an extendable event (install, activate) to completion. */
  const lifecycle = async (type: "install" | "activate") => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({ waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
    await Promise.all(pending);
  };

  /** Fetches through the worker: its answer, or null when it lets the browser go to the network. */
  const fetchThrough = async (url: string, mode: RequestMode | "navigate" = "cors", method = "GET") => {
    const answer: { response?: Promise<Response> } = {};
    const pending: Promise<unknown>[] = [];
    const absolute = url.startsWith("https://") ? url : `${ORIGIN}${url}`;
    const request = { url: absolute, mode, method } as unknown as Request;
    listeners.get("fetch")?.({
      request,
      respondWith: (response: Promise<Response>) => {
        answer.response = response;
      },
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
    });
    const response = answer.response ? await answer.response : null;
    await Promise.all(pending);
    return response;
  };

  return { caches, claim, lifecycle, fetchThrough };
}

describe("the service worker", () => {
  it("precaches the shell under its version, and deletes other versions on activation", async () => {
    const caches = fakeCacheStorage();
    await caches.open("litverse-old");
    await caches.open("someone-elses-cache");
    const worker = startWorker("v2", caches);
    await worker.lifecycle("install");
    expect([...(caches.stores.get("litverse-v2")?.keys() ?? [])]).toEqual(
      PRECACHE.map((url) => `${ORIGIN}${url}`),
    );
    await worker.lifecycle("activate");
    expect([...caches.stores.keys()].sort()).toEqual(["litverse-v2", "someone-elses-cache"]);
    expect(worker.claim).toHaveBeenCalled();
  });

  it("serves navigations from the network, and the cached index.html when offline", async () => {
    const worker = startWorker();
    await worker.lifecycle("install");
    online = true;
    expect(await (await worker.fetchThrough("/explore", "navigate"))?.text()).toBe("network /explore");
    online = false;
    expect(await (await worker.fetchThrough("/explore", "navigate"))?.text()).toBe("network /index.html");
    online = true;
  });

  it("serves hashed assets from the cache first, and keeps new ones", async () => {
    const worker = startWorker();
    await worker.lifecycle("install");
    requested.length = 0;
    expect(await (await worker.fetchThrough("/assets/index-abc.js"))?.text()).toBe(
      "network /assets/index-abc.js",
    );
    expect(requested).toEqual([]);
    await worker.fetchThrough("/assets/newer-123.js");
    await worker.fetchThrough("/assets/newer-123.js");
    expect(requested).toEqual(["/assets/newer-123.js"]);
    expect(worker.caches.stores.get("litverse-v1")?.has(`${ORIGIN}/assets/newer-123.js`)).toBe(true);
  });

  it("leaves the server's own paths, other methods and other origins to the browser", async () => {
    const worker = startWorker();
    await worker.lifecycle("install");
    for (const url of [
      "/api/trpc/users.getCurrentUser",
      "/api/client-config",
      "/healthz",
      "/oidc/auth?x=1",
    ]) {
      expect(await worker.fetchThrough(url), url).toBeNull();
    }
    // Not even when the browser navigates there (the sign-in pages are navigations).
    expect(await worker.fetchThrough("/oidc/interaction/abc", "navigate")).toBeNull();
    expect(await worker.fetchThrough("/media/cover.jpg")).toBeNull();
    expect(await worker.fetchThrough("/assets/index-abc.js", "cors", "POST")).toBeNull();
    expect(await worker.fetchThrough("/demo/covers/dracula.svg")).toBeNull();
    // An external sign-in provider, for one.
    expect(await worker.fetchThrough("https://id.example.com/authorize", "navigate")).toBeNull();
    expect(await worker.fetchThrough("https://cdn.example.com/assets/x.js")).toBeNull();
    const cached = [...(worker.caches.stores.get("litverse-v1")?.keys() ?? [])];
    expect(cached.some((url) => /\/(api|oidc|media)\/|\/healthz/.test(url))).toBe(false);
  });
});
