// POST /api/first-data: a page's first data over HTTP (decision 0029). A small script in the page's
// head posts the page's address with the stored sign-in while the app's code is still on its way;
// the answer is what the page would otherwise ask for over the socket once that code has run: the
// signed-in person stored and refreshed (as `users.updateCurrentUser`), then the same functions'
// answers, called through the function layer so that every check and limit applies as usual.
// Which functions a page asks for first is written once, by route, in FIRST_QUERIES (read by the
// app's route loaders too); what follows from their answers (a reader's episode, the images to
// fetch first) is chosen here.
import type {
  ContentCard,
  ContentDetail,
  ContentPage,
  CuratedList,
  EpisodeContent,
  MyLibrary,
} from "@litverse/shared/content";
import { EAGER_COVER_COUNT, episodeParam, episodeToOpen } from "@litverse/shared/content";
import { FIRST_DATA_PATH, type FirstDataQuery, type FirstDataReply } from "@litverse/shared/first-data";
import { firstDataInput } from "@litverse/shared/first-data-inputs";
import {
  type AnyRouteParams,
  FIRST_QUERIES,
  FIRST_QUERY_ROUTES,
  type FirstQueriesPage,
  type FirstQueriesPageName,
  type FirstQueryPath,
} from "@litverse/shared/first-queries";
import type { ReelFeedPage } from "@litverse/shared/reels";
import type { StoryPage } from "@litverse/shared/stories";
import { type AnyTRPCRouter, TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { RequestContext } from "../rpc/context.ts";
import { createCallerFactory } from "../rpc/trpc.ts";
import { matchesRoutePath } from "./app-page.ts";

type Call = (path: string, input?: unknown) => Promise<unknown>;

/** Asks for a function's answer and records it; null when the function refused. */
type Keep<Path extends FirstQueryPath = FirstQueryPath> = <T>(
  path: Path,
  input?: unknown,
) => Promise<T | null>;

/** The functions a page asks for once its first queries have come (the readers' episode and progress). */
type FollowUps<Name extends FirstQueriesPageName> = (typeof FIRST_QUERIES)[Name] extends {
  followedBy: readonly (infer Path extends FirstQueryPath)[];
}
  ? Path
  : never;

/**
 * What follows a page's first queries (FIRST_QUERIES), from their answers: its follow-ups, asked
 * for through `keep`, which records each answer; returns the images to fetch first.
 */
type PageStep<Name extends FirstQueriesPageName> = (
  page: { params: AnyRouteParams; search: URLSearchParams; answer: <T>(path: FirstQueryPath) => T | null },
  keep: Keep<FollowUps<Name>>,
) => Promise<Array<string | null | undefined>>;

/** Images the page shows as they are (covers with size variants are chosen by the browser). */
const asIs = (url: string | null | undefined) => (url && !url.startsWith("/media/covers/") ? url : null);

const STEPS: { [Name in FirstQueriesPageName]: PageStep<Name> } = {
  home: async ({ answer }) => {
    const lists = answer<CuratedList[]>("contentCuration.getActiveCuratedLists");
    const library = answer<MyLibrary>("library.getMyLibrary");
    return [
      ...(library?.continue ?? []).slice(0, EAGER_COVER_COUNT).map((entry) => entry.content.coverImage),
      ...(lists?.find((list) => list.content.length > 0)?.content ?? [])
        .slice(0, EAGER_COVER_COUNT)
        .map((content) => content.coverImage),
    ].map(asIs);
  },
  title: async ({ answer }) => [asIs(answer<ContentDetail>("content.getContent")?.coverImage)],
  explore: async ({ answer }) =>
    (answer<ContentPage<ContentCard>>("content.listContent")?.items ?? [])
      .slice(0, EAGER_COVER_COUNT)
      .map((content) => asIs(content.coverImage)),
  stories: async ({ answer }) =>
    (answer<StoryPage>("stories.listStories")?.items ?? [])
      .slice(0, EAGER_COVER_COUNT)
      .map((story) => asIs(story.coverImage)),
  // The console's pages show no pictures first.
  dashboard: async () => [],
  analytics: async () => [],
  supportQueue: async () => [],
  moderationQueue: async () => [],
  /** The first reel's poster, which the feed shows until its video plays. */
  reels: async ({ answer }) => [answer<ReelFeedPage>("reels.listFeed")?.items[0]?.posterUrl],
  /**
   * A reader: the title, then the episode it opens (the same choice as the app's, so it counts one
   * view) and where the person is in the title, which every reader waits for before it opens.
   */
  reader: async ({ params, search, answer }, keep) => {
    const { contentId } = params;
    const detail = answer<ContentDetail>("content.getContent");
    if (!detail) return [];
    // A page of a book's front or back matter opens no episode.
    if (search.has("matter")) return [asIs(detail.coverImage)];
    const number = episodeToOpen(detail, episodeParam(search.get("episode")));
    const summary = detail.episodes.find((episode) => episode.number === number);
    if (number === null || !summary || summary.lock) return [asIs(detail.coverImage)];
    const [episode] = await Promise.all([
      keep<EpisodeContent>("content.getEpisode", { contentId, number }),
      keep("library.getTitleProgress", { contentId }),
    ]);
    const payload = episode?.payload;
    if (payload?.kind === "comic") return payload.pages.slice(0, 2).map((page) => page.url);
    if (payload?.kind === "video") return [payload.posterUrl];
    return [asIs(detail.coverImage)];
  },
};

/** Asks for the page's first queries together, then takes the step that follows from their answers. */
async function askForPage(
  name: FirstQueriesPageName,
  page: { params: AnyRouteParams; search: URLSearchParams },
  keep: Keep,
): Promise<Array<string | null | undefined>> {
  const { queries }: FirstQueriesPage = FIRST_QUERIES[name];
  const answers = await Promise.all(
    queries.map((query) => keep(query.path, query.input?.(page.params, page.search))),
  );
  const byPath = new Map(queries.map((query, index) => [query.path, answers[index]]));
  const answer = <T>(path: FirstQueryPath) => (byPath.get(path) ?? null) as T | null;
  return STEPS[name]({ ...page, answer }, keep);
}

/** The procedure at a dotted path of a caller ("content.getContent"). */
function procedureAt(caller: unknown, path: string): (input?: unknown) => Promise<unknown> {
  let target = caller as Record<string, unknown>;
  for (const part of path.split(".")) target = target[part] as Record<string, unknown>;
  return target as unknown as (input?: unknown) => Promise<unknown>;
}

/** A malformed escape is passed on as written: the function then refuses it as it would any bad id. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function sendError(reply: FastifyReply, error: unknown) {
  if (!(error instanceof TRPCError)) throw error;
  const status = getHTTPStatusCodeFromError(error);
  const names: Record<number, string> = { 401: "Unauthorized", 403: "Forbidden", 429: "Too Many Requests" };
  return reply.code(status).send({ error: names[status] ?? "Error", message: error.message });
}

/**
 * Answers for one page and one person (decision 0029): the person stored and refreshed as
 * `users.updateCurrentUser` does, then the functions the page would call, with every check, limit
 * and cache of a normal call. Refuses (a TRPCError) only when the sign-in itself does; `pagePath`
 * is a path with its query, already validated.
 */
export type FirstDataAnswer = (context: RequestContext, pagePath: string) => Promise<FirstDataReply>;

export function firstDataAnswerer(router: AnyTRPCRouter): FirstDataAnswer {
  const createCaller = createCallerFactory(router);
  return async (context, pagePath) => {
    const caller = createCaller(context);
    const call: Call = (path, input) => procedureAt(caller, path)(input);
    const user = await call("users.updateCurrentUser");

    const queries: FirstDataQuery[] = [{ path: "users.getCurrentUser", data: user }];
    // A function that refuses (not found, locked, too young) is left out: the page asks again and
    // shows the answer itself.
    const keep: Keep = async <T>(path: FirstQueryPath, input?: unknown): Promise<T | null> => {
      try {
        const data = await call(path, input);
        queries.push(input === undefined ? { path, data } : { path, input, data });
        return data as T;
      } catch (error) {
        const isRefusal = error instanceof TRPCError && error.code !== "INTERNAL_SERVER_ERROR";
        if (!isRefusal) context.log.error({ err: error, fn: path }, "first data: function failed");
        return null;
      }
    };

    const url = new URL(pagePath, "http://page.invalid");
    const found = findPage(url.pathname);
    let images: string[] = [];
    // Every page waits for the coming-soon settings before it shows anything (the app's gate).
    const settings = keep("systemSettings.getComingSoonSettings");
    if (found) {
      const params = routeParams(found.route, url.pathname);
      const named = await askForPage(found.page, { params, search: url.searchParams }, keep);
      images = [...new Set(named.filter((image): image is string => typeof image === "string"))];
    }
    await settings;
    return { subject: context.session.identity?.subject ?? "", queries, images };
  };
}

function findPage(urlPath: string) {
  return FIRST_QUERY_ROUTES.find(({ route }) => matchesRoutePath(route, urlPath));
}

/** The parameters of a route pattern ("/read/:contentId") in a URL path it matches, decoded. */
function routeParams(route: string, urlPath: string): AnyRouteParams {
  const segments = urlPath.split("/").filter(Boolean);
  return Object.fromEntries(
    route
      .split("/")
      .filter(Boolean)
      .flatMap((segment, index) =>
        segment.startsWith(":") ? [[segment.slice(1), safeDecode(segments[index] ?? "")]] : [],
      ),
  );
}

/** Whether the server answers a page's first data beyond the settings (home, a title, the readers). */
export function hasPagePlan(urlPath: string): boolean {
  return findPage(urlPath) !== undefined;
}

export interface FirstDataOptions {
  answer: FirstDataAnswer;
  /** The context of an HTTP call, from its bearer token (without one, functions needing a sign-in refuse). */
  createContext: (request: FastifyRequest) => Promise<RequestContext>;
}

export function registerFirstData(app: FastifyInstance, { answer, createContext }: FirstDataOptions): void {
  app.post(FIRST_DATA_PATH, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const parsed = firstDataInput.safeParse(request.body);
    if (!parsed.success) {
      return reply
        .code(400)
        .send({ error: "Bad Request", message: parsed.error.issues[0]?.message ?? "Invalid input." });
    }
    try {
      return await answer(await createContext(request), parsed.data.path);
    } catch (error) {
      return sendError(reply, error);
    }
  });
}
