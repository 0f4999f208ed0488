// The server's drawing of a page's first screen: the app's own route components rendered to HTML
// with the page's first data, for the signed-in person the server has just answered for. The
// browser shows it until the app has drawn the same page itself (first-screen/handoff.ts).
// Built apart from the app for Node (vite.first-screen.config.ts) and loaded by the server.
import type { ClientConfig } from "@litverse/shared/client-config";
import type { FirstDataReply } from "@litverse/shared/first-data";
import { QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { AuthContext, type AuthContextProps } from "react-oidc-context";
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  type RouteObject,
  StaticRouterProvider,
} from "react-router";
import { routes } from "../app/routes.tsx";
import { ClientConfigContext } from "../lib/client-config.tsx";
import { putFirstData } from "../lib/first-data-keys.ts";
import { createQueryClient } from "../lib/query-client.ts";

export interface FirstScreenRequest {
  /** The page's address: path and query. */
  url: string;
  /** The first-data answer for that page and person. */
  reply: FirstDataReply;
  config: ClientConfig;
}

/** Loaders ask the browser's cache for data over the socket; here the data is already in hand. */
function withoutLoaders(list: RouteObject[]): RouteObject[] {
  return list.map(
    ({ loader: _loader, children, ...route }) =>
      (children ? { ...route, children: withoutLoaders(children) } : route) as RouteObject,
  );
}
const serverRoutes = withoutLoaders(routes);
const handler = createStaticHandler(serverRoutes);

/**
 * The pages drawn here, from the first-data answer alone: the bottom navigation's destinations
 * (home, explore, the interactive stories, the reels feed with its first reel's poster), a title,
 * the drama and audiobook players (without their media), the comic and book readers, whose
 * first page is laid out by CSS where the browser measures the screen (each reader says what it
 * draws), and the console's dashboard, analytics and queues.
 */
const DRAWN_ROUTES = new Set([
  "/",
  "/explore",
  "/interactive-stories",
  "/reels",
  "/admin/dashboard",
  "/admin/analytics",
  "/admin/support",
  "/admin/flagged-content",
  "/content/:contentId",
  "/watch/:contentId",
  "/listen/:contentId",
  "/read-comic/:contentId",
  "/read/:contentId",
]);

function drawnRoute(url: URL): boolean {
  const leaf = matchRoutes(serverRoutes, url.pathname)?.at(-1)?.route;
  return leaf !== undefined && DRAWN_ROUTES.has(leaf.index ? "/" : (leaf.path ?? ""));
}

// Their code is loaded now, rather than by the first visitor to each.
for (const route of serverRoutes.flatMap(function flat(route): RouteObject[] {
  return [route, ...(route.children ?? []).flatMap(flat)];
})) {
  if (DRAWN_ROUTES.has(route.index ? "/" : (route.path ?? "")) && typeof route.lazy === "function") {
    // A failure shows, and is logged, on the first drawing of that page instead.
    route.lazy().catch(() => undefined);
  }
}

/** What the pages read of the sign-in: who it is. Nothing here is ever called on the server. */
function signedIn(subject: string): AuthContextProps {
  const refuse = () => Promise.reject(new Error("Not available while drawing on the server"));
  return {
    isLoading: false,
    isAuthenticated: true,
    user: { profile: { sub: subject }, access_token: "", expires_at: undefined } as never,
    settings: {} as never,
    events: {} as never,
    clearStaleState: refuse,
    removeUser: refuse,
    signinPopup: refuse,
    signinSilent: refuse,
    signinRedirect: refuse,
    signinResourceOwnerCredentials: refuse,
    signoutRedirect: refuse,
    signoutPopup: refuse,
    signoutSilent: refuse,
    querySessionStatus: refuse,
    revokeTokens: refuse,
    startSilentRenew: () => {},
    stopSilentRenew: () => {},
  } as AuthContextProps;
}

/** The first screen's HTML, or null when the route has nothing to draw (a redirect, an error). */
export async function renderFirstScreen({ url, reply, config }: FirstScreenRequest): Promise<string | null> {
  const address = new URL(url, "http://first-screen.invalid");
  if (!drawnRoute(address)) return null;
  const context = await handler.query(new Request(address));
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  putFirstData(queryClient, reply);
  try {
    const html = renderToString(
      <QueryClientProvider client={queryClient}>
        <ClientConfigContext value={config}>
          <AuthContext value={signedIn(reply.subject)}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AuthContext>
        </ClientConfigContext>
      </QueryClientProvider>,
    );
    // The drawing is a picture of the page: the hooks by which the browser tests find the page's
    // parts belong to the app that takes its place, never to the picture (React escapes quotes in
    // attribute values and text alike, so the pattern cannot match inside either).
    // A page with nothing to draw (a title sent to its own reader) is left to the app.
    return html === "" ? null : html.replaceAll(/ data-testid="[^"]*"/g, "");
  } finally {
    queryClient.clear();
  }
}
