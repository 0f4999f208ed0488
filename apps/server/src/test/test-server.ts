// A real server on a random loopback port, and function clients for it over WebSocket and HTTP.
import type { AddressInfo } from "node:net";
import {
  createTRPCClient,
  createWSClient,
  httpBatchLink,
  type TRPCClient,
  type TRPCWebSocketClient,
  wsLink,
} from "@trpc/client";
import type { FastifyInstance } from "fastify";
import { type BuildAppOptions, buildApp } from "../app.ts";
import type { Platform } from "../platform.ts";
import type { AppRouter } from "../router.ts";

export interface TestServer {
  app: FastifyInstance;
  url: string;
  wsUrl: string;
  close(): Promise<void>;
}

export async function startTestServer(
  platform: Platform,
  options: BuildAppOptions = {},
): Promise<TestServer> {
  const app = await buildApp(platform, { logger: false, ...options });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/api/ws`,
    close: () => app.close(),
  };
}

export interface WsTestClient {
  client: TRPCClient<AppRouter>;
  socket: TRPCWebSocketClient;
  close(): Promise<void>;
}

/** A function client over the WebSocket; with a token, signed in as its subject. */
export function connectWs(wsUrl: string, token?: string): WsTestClient {
  const socket = createWSClient({
    url: wsUrl,
    retryDelayMs: () => 100,
    ...(token ? { connectionParams: () => ({ token }) } : {}),
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: socket })] });
  return { client, socket, close: () => socket.close() };
}

export function connectHttp(url: string): TRPCClient<AppRouter> {
  return createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${url}/api/trpc` })] });
}

/** Collects the values a live subscription delivers, with a way to wait for the next one. */
export function watchLive<T>(client: TRPCClient<AppRouter>, path: string, input?: unknown) {
  const values: T[] = [];
  const errors: unknown[] = [];
  let waiters: Array<() => void> = [];
  const subscription = client.live.watch.subscribe(
    { path, input },
    {
      onData(value) {
        values.push(value as T);
        for (const wake of waiters) wake();
        waiters = [];
      },
      onError(error) {
        errors.push(error);
        for (const wake of waiters) wake();
        waiters = [];
      },
    },
  );
  return {
    values,
    errors,
    /** Resolves once at least `count` values (or an error) have arrived. */
    async waitFor(count: number, timeoutMs = 5_000): Promise<T[]> {
      const deadline = Date.now() + timeoutMs;
      while (values.length < count && errors.length === 0) {
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error(`expected ${count} live values, got ${values.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, remaining);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return values;
    },
    stop: () => subscription.unsubscribe(),
  };
}
