// A page's first screen, drawn on the server (decision 0031). A phone's first visit to home, a
// title or a reader otherwise shows nothing until 150–220 KB of the app's code has arrived and run.
// When the page's own request carries the stored sign-in (the app keeps it in a cookie for this
// alone), the server answers the page's first data as POST /api/first-data would, and draws the
// page from that answer with the app's own components (the web build's first-screen renderer),
// so the page arrives with its content; the app takes over once it has drawn the same page.
// Whatever fails here leaves the page as it was without it: the app asks and draws as usual.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ClientConfig } from "@litverse/shared/client-config";
import { FIRST_SCREEN_COOKIE, type FirstDataReply } from "@litverse/shared/first-data";
import { firstDataInput } from "@litverse/shared/first-data-inputs";
import { TRPCError } from "@trpc/server";
import { parseCookie } from "cookie";
import type { FastifyRequest } from "fastify";
import type { RequestContext } from "../rpc/context.ts";
import type { DrawnScreen } from "./app-page.ts";
import { type FirstDataAnswer, hasPagePlan } from "./first-data.ts";

/** Written by the web build (apps/web/vite.first-screen.config.ts), in a folder never served. */
export const FIRST_SCREEN_RENDERER_FILE = ".vite/first-screen/render.js";

export type FirstScreenRenderer = (request: {
  url: string;
  reply: FirstDataReply;
  config: ClientConfig;
}) => Promise<string | null>;

/** The build's renderer, or null for a build without one (the pages then go without). */
export async function loadFirstScreenRenderer(distDir: string): Promise<FirstScreenRenderer | null> {
  const file = path.join(distDir, FIRST_SCREEN_RENDERER_FILE);
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { renderFirstScreen?: FirstScreenRenderer };
  if (typeof module.renderFirstScreen !== "function") {
    throw new Error(`${FIRST_SCREEN_RENDERER_FILE} has no renderFirstScreen.`);
  }
  return module.renderFirstScreen;
}

export interface FirstScreenOptions {
  answer: FirstDataAnswer;
  /** Null without a renderer: the answer still goes into the page, which then need not ask. */
  render: FirstScreenRenderer | null;
  /** A call's context for a token (refuses, as a TRPCError, one that does not verify). */
  createContext: (request: FastifyRequest, token: string) => Promise<RequestContext>;
  config: ClientConfig;
}

/** What goes into the page for `request`, or null (no sign-in sent, not such a page, a refusal). */
export type FirstScreenDrawer = (request: FastifyRequest) => Promise<DrawnScreen | null>;

export function firstScreenDrawer({
  answer,
  render,
  createContext,
  config,
}: FirstScreenOptions): FirstScreenDrawer {
  return async (request) => {
    const token = parseCookie(request.headers.cookie ?? "")[FIRST_SCREEN_COOKIE];
    if (!token) return null;
    const parsed = firstDataInput.safeParse({ path: request.url });
    if (!parsed.success) return null;
    const pagePath = parsed.data.path;
    if (!hasPagePlan(pagePath.split("?")[0] ?? "/")) return null;
    let reply: FirstDataReply;
    try {
      reply = await answer(await createContext(request, token), pagePath);
    } catch (error) {
      // An expired or revoked sign-in: the app renews or ends it, and writes the cookie again.
      if (error instanceof TRPCError && error.code !== "INTERNAL_SERVER_ERROR") return null;
      request.log.error({ err: error }, "first screen: the first data failed");
      return null;
    }
    if (!render) return { html: null, reply };
    try {
      return { html: await render({ url: pagePath, reply, config }), reply };
    } catch (error) {
      request.log.error({ err: error }, "first screen: drawing failed");
      return { html: null, reply };
    }
  };
}
