// The first-data answers go where the pages read them: under each function's own tRPC key.
import { describe, expect, it } from "vitest";
import { putFirstData } from "./first-data-keys.ts";
import { createQueryClient } from "./query-client.ts";
import { trpc } from "./trpc.ts";

const CONTENT_ID = "0b7c3a52-6f0e-4a8e-9d43-2f5b8e1c7a10";

describe("putFirstData", () => {
  it("puts each answer under the key the pages read, leaving what is cached and what it does not know", () => {
    const client = createQueryClient();
    const cached = { continue: [], saved: [] } as never;
    client.setQueryData(trpc.library.getMyLibrary.queryKey(), cached);
    putFirstData(client, {
      subject: "person",
      images: [],
      queries: [
        { path: "users.getCurrentUser", data: "person" },
        { path: "systemSettings.getComingSoonSettings", data: "settings" },
        { path: "contentCuration.getActiveCuratedLists", data: "shelves" },
        { path: "library.getMyLibrary", data: "library" },
        { path: "content.getContent", input: { contentId: CONTENT_ID }, data: "title" },
        { path: "content.getEpisode", input: { contentId: CONTENT_ID, number: 2 }, data: "episode" },
        { path: "library.getTitleProgress", input: { contentId: CONTENT_ID }, data: "progress" },
        { path: "reels.getFeed", data: "unknown" },
      ],
    });
    expect(client.getQueryData(trpc.users.getCurrentUser.queryKey())).toBe("person");
    expect(client.getQueryData(trpc.systemSettings.getComingSoonSettings.queryKey())).toBe("settings");
    expect(client.getQueryData(trpc.contentCuration.getActiveCuratedLists.queryKey())).toBe("shelves");
    expect(client.getQueryData(trpc.library.getMyLibrary.queryKey())).toBe(cached);
    expect(client.getQueryData(trpc.content.getContent.queryKey({ contentId: CONTENT_ID }))).toBe("title");
    expect(client.getQueryData(trpc.content.getEpisode.queryKey({ contentId: CONTENT_ID, number: 2 }))).toBe(
      "episode",
    );
    expect(client.getQueryData(trpc.library.getTitleProgress.queryKey({ contentId: CONTENT_ID }))).toBe(
      "progress",
    );
    expect(client.getQueryCache().getAll()).toHaveLength(7);
    client.clear();
  });
});
