// The one client for the platform's functions: everything travels over a single WebSocket.
import type { AppRouter } from "@litverse/server/router";
import {
  backoffDelay,
  INACTIVITY_THRESHOLD_MS,
  PONG_TIMEOUT_MS,
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
} from "@litverse/shared/constants";
import { createTRPCClient, createWSClient, wsLink } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { socketReady, socketToken, takeImmediateReconnect } from "./auth/socket-token.ts";
import { runsAsInstalledApp } from "./installed-app.ts";
import { queryClient } from "./query-client.ts";

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss:" : "ws:"}//${host}/api/ws`;
}

export const wsClient = createWSClient({
  url: async () => {
    await socketReady;
    return socketUrl();
  },
  connectionParams: () => {
    const token = socketToken();
    // Where the person uses Litverse, for analytics: the installed app or a browser tab.
    return token ? { token, app: runsAsInstalledApp() ? "installed" : "browser" } : null;
  },
  retryDelayMs: (attempt) =>
    takeImmediateReconnect() ? 0 : backoffDelay(attempt, RECONNECT_BASE_MS, RECONNECT_MAX_MS),
  // Ping a connection that has been silent for a while; a dead one is replaced once the
  // inactivity threshold has passed without an answer.
  keepAlive: {
    enabled: true,
    intervalMs: INACTIVITY_THRESHOLD_MS - PONG_TIMEOUT_MS,
    pongTimeoutMs: PONG_TIMEOUT_MS,
  },
});

export const trpcClient = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
