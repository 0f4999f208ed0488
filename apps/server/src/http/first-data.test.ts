// The first-data answer's plan against the table of each page's first queries (FIRST_QUERIES in
// the shared package), with stand-in functions: every route there is answered, with exactly its
// queries, and no other route is.
import { FIRST_QUERIES, FIRST_QUERY_ROUTES, type FirstQueriesPage } from "@litverse/shared/first-queries";
import { initTRPC } from "@trpc/server";
import { describe, expect, it } from "vitest";
import type { RequestContext } from "../rpc/context.ts";
import { firstDataAnswerer, hasPagePlan } from "./first-data.ts";

const CONTENT_ID = "0b7c3a52-6f0e-4a8e-9d43-2f5b8e1c7a10";

const t = initTRPC.create();
const answering = (data: unknown) => t.procedure.input((input: unknown) => input).query(() => data);
const standIns = t.router({
  users: t.router({
    updateCurrentUser: t.procedure.mutation(() => ({ _id: "person" })),
  }),
  systemSettings: t.router({ getComingSoonSettings: answering({ isComingSoonMode: false }) }),
  contentCuration: t.router({
    getActiveCuratedLists: answering([
      { content: [] },
      { content: [{ coverImage: "/demo/shelf.jpg" }, { coverImage: "/media/covers/uploaded" }] },
    ]),
  }),
  library: t.router({
    getMyLibrary: answering({ continue: [{ content: { coverImage: "/demo/continue.jpg" } }] }),
    getTitleProgress: answering({ episodes: [] }),
  }),
  content: t.router({
    getContent: answering({
      coverImage: "/demo/title.jpg",
      viewer: null,
      episodes: [{ number: 1, lock: null }],
    }),
    getEpisode: answering({ payload: { kind: "video", posterUrl: "/demo/poster.jpg" } }),
    listContent: answering({
      items: [{ coverImage: "/demo/found.jpg" }, { coverImage: "/media/covers/uploaded" }],
      nextCursor: null,
      total: 2,
    }),
    listGenres: answering([]),
  }),
  stories: t.router({
    listStories: answering({ items: [{ coverImage: "/demo/story.jpg" }], nextCursor: null }),
    listStoryGenres: answering([]),
  }),
  permissions: t.router({ getMyAdminPermissions: answering({ grants: {} }) }),
  analytics: t.router({ getDashboard: answering({}), getAnalyticsReport: answering({}) }),
  support: t.router({ listQueue: answering({ items: [] }) }),
  moderation: t.router({ getQueue: answering({ items: [] }) }),
  reels: t.router({
    listFeed: answering({ items: [{ posterUrl: "/demo/reel.jpg" }, { posterUrl: "/demo/next.jpg" }] }),
  }),
});

const answer = firstDataAnswerer(standIns);
const context = {
  session: { identity: { subject: "person-subject" } },
  log: { error: () => {} },
} as unknown as RequestContext;

/** An address of the route, with an id for each parameter. */
const addressOf = (route: string) => route.replaceAll(/:\w+/g, CONTENT_ID);

describe("the first data of each page in FIRST_QUERIES", () => {
  it("has a plan for every route there, and for no other page", () => {
    for (const { route } of FIRST_QUERY_ROUTES) expect(hasPagePlan(addressOf(route)), route).toBe(true);
    for (const other of ["/clubs", "/library", "/content", `/profile/${CONTENT_ID}`]) {
      expect(hasPagePlan(other), other).toBe(false);
    }
  });

  it("makes the lists' inputs from the address's query", async () => {
    const reply = await answer(context, "/explore?q=whale&type=book");
    expect(reply.queries.filter(({ path }) => path.startsWith("content."))).toMatchObject([
      { path: "content.listContent", input: { query: "whale", type: "book", sort: "relevance", limit: 12 } },
      { path: "content.listGenres", input: { type: "book" } },
    ]);
  });

  it("answers exactly the page's first queries, the readers' follow-ups after them", async () => {
    for (const { route, page } of FIRST_QUERY_ROUTES) {
      const reply = await answer(context, addressOf(route));
      const { queries }: FirstQueriesPage = FIRST_QUERIES[page];
      const expected = [
        { path: "users.getCurrentUser" },
        { path: "systemSettings.getComingSoonSettings" },
        ...queries.map(({ path, input }) => ({
          path,
          input: input?.({ contentId: CONTENT_ID }, new URLSearchParams()),
        })),
        ...(page === "reader"
          ? [
              { path: "content.getEpisode", input: { contentId: CONTENT_ID, number: 1 } },
              { path: "library.getTitleProgress", input: { contentId: CONTENT_ID } },
            ]
          : []),
      ];
      expect(reply.subject).toBe("person-subject");
      expect(
        reply.queries.map(({ path, input }) => ({ path, input })),
        route,
      ).toEqual(expected);
    }
    expect(FIRST_QUERIES.reader.followedBy).toEqual(["content.getEpisode", "library.getTitleProgress"]);
  });

  it("names the images each page shows first, leaving covers with size variants to the browser", async () => {
    expect((await answer(context, "/")).images).toEqual(["/demo/continue.jpg", "/demo/shelf.jpg"]);
    expect((await answer(context, addressOf("/content/:contentId"))).images).toEqual(["/demo/title.jpg"]);
    expect((await answer(context, addressOf("/watch/:contentId"))).images).toEqual(["/demo/poster.jpg"]);
    expect((await answer(context, `${addressOf("/read/:contentId")}?matter=cover`)).images).toEqual([
      "/demo/title.jpg",
    ]);
    expect((await answer(context, "/explore")).images).toEqual(["/demo/found.jpg"]);
    expect((await answer(context, "/interactive-stories")).images).toEqual(["/demo/story.jpg"]);
    // The feed's first reel only: the next poster waits for a swipe.
    expect((await answer(context, "/reels")).images).toEqual(["/demo/reel.jpg"]);
    expect((await answer(context, "/clubs")).images).toEqual([]);
  });
});
