import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { announceDueEpisodes } from "../../jobs/episode-releases.ts";
import { addChapters, createTitle, readerAged } from "../../test/catalogue.ts";
import { mediaPath } from "../../test/media-files.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { auditEvents } from "../audit/schema.ts";
import { episodeMediaKey } from "../content/episode-payload.ts";
import { notifications } from "../notifications/schema.ts";

let platform: TestPlatform;
let admin: TestUser;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(async () => {
  await platform.reset();
  admin = await createUser(platform, "admin");
});

const adminCaller = () => callerFor(platform, admin);

describe("contentAdmin titles", () => {
  it("creates a draft, edits parts of it, publishes it, and lists drafts and published titles", async () => {
    const caller = adminCaller();
    const { id } = await caller.contentAdmin.createContent({
      data: {
        contentType: "comic",
        title: "  Night Market ",
        author: "Ana Ruiz",
        genres: ["Fantasy", "fantasy"],
      },
    });
    let detail = await caller.contentAdmin.getContent({ contentId: id });
    expect(detail).toMatchObject({
      title: "Night Market",
      status: "draft",
      genres: ["fantasy"],
      accessType: "free",
      ageRating: 13,
      totalEpisodes: 0,
    });
    expect((await callerFor(platform).content.listContent({})).items).toEqual([]);

    await caller.contentAdmin.updateContent({
      id,
      data: { description: "Stalls that sell dreams.", ageRating: 16 },
    });
    detail = await caller.contentAdmin.getContent({ contentId: id });
    expect(detail).toMatchObject({
      description: "Stalls that sell dreams.",
      ageRating: 16,
      genres: ["fantasy"],
    });

    await caller.contentAdmin.updateContent({ id, data: { status: "published" } });
    const reader = callerFor(platform, await readerAged(platform, 16));
    expect((await reader.content.listContent({})).items.map((item) => item.title)).toEqual(["Night Market"]);

    await caller.contentAdmin.createContent({ data: { contentType: "book", title: "Second", author: "B" } });
    const drafts = await caller.contentAdmin.listContent({ status: "draft" });
    expect(drafts.items.map((item) => item.title)).toEqual(["Second"]);
    expect(
      (await caller.contentAdmin.listContent({ query: "night" })).items.map((item) => item.title),
    ).toEqual(["Night Market"]);
  });

  it("refuses bad fields, with the field named", async () => {
    const caller = adminCaller();
    const error = await caller.contentAdmin
      .createContent({ data: { contentType: "book", title: "", author: "A" } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe("BAD_REQUEST");
    // biome-ignore lint/suspicious/noExplicitAny: invalid on purpose
    const create = caller.contentAdmin.createContent as (input: any) => Promise<unknown>;
    expect(
      await codeOf(create({ data: { contentType: "book", title: "A", author: "B", ageRating: 12 } })),
    ).toBe("BAD_REQUEST");
    expect(
      await codeOf(create({ data: { contentType: "book", title: "A", author: "B", language: "english!" } })),
    ).toBe("BAD_REQUEST");
    // biome-ignore lint/suspicious/noExplicitAny: invalid on purpose
    const update = caller.contentAdmin.updateContent as (input: any) => Promise<unknown>;
    const { id } = await caller.contentAdmin.createContent({
      data: { contentType: "book", title: "A", author: "B" },
    });
    expect(await codeOf(update({ id, data: {} }))).toBe("BAD_REQUEST");
    expect(await codeOf(update({ id, data: { contentType: "comic" } }))).toBe("BAD_REQUEST");
    expect(
      await codeOf(update({ id: "00000000-0000-4000-8000-000000000000", data: { title: "Gone" } })),
    ).toBe("NOT_FOUND");
  });

  it("deletes a title with its episodes and their files", async () => {
    const title = await createTitle(platform);
    const [episode] = await addChapters(platform, title.id, 2);
    const folder = mediaPath(platform, episodeMediaKey(episode?.id ?? ""));
    expect(existsSync(folder)).toBe(true);
    await adminCaller().contentAdmin.deleteContent({ id: title.id });
    expect(existsSync(folder)).toBe(false);
    expect(await codeOf(adminCaller().contentAdmin.getContent({ contentId: title.id }))).toBe("NOT_FOUND");
    expect(await codeOf(adminCaller().contentAdmin.deleteContent({ id: title.id }))).toBe("NOT_FOUND");
  });

  it("takes an uploaded image as the cover, re-encoded under a hashed name", async () => {
    const title = await createTitle(platform);
    const upload = await platform.deps.media.uploads.begin(admin.id);
    const png = await sharp({ create: { width: 60, height: 90, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    await writeFile(upload.fileTarget("cover.png"), png);
    const { id: uploadId } = await upload.finish();
    const { coverImage } = await adminCaller().contentAdmin.setCover({ contentId: title.id, uploadId });
    expect(coverImage).toMatch(new RegExp(`^/media/covers/${title.id}/cover-[0-9a-f]{12}\\.png$`));
    const stored = mediaPath(platform, coverImage.slice("/media/".length));
    expect((await sharp(stored).metadata()).width).toBe(60);
    // The upload is used up.
    expect(await codeOf(adminCaller().contentAdmin.setCover({ contentId: title.id, uploadId }))).toBe(
      "NOT_FOUND",
    );

    const text = await platform.deps.media.uploads.begin(admin.id);
    await writeFile(text.fileTarget("cover.png"), "not an image");
    const { id: textId } = await text.finish();
    await expect(
      adminCaller().contentAdmin.setCover({ contentId: title.id, uploadId: textId }),
    ).rejects.toThrow("not an image");
    // Another admin's upload is not found.
    const other = await platform.deps.media.uploads.begin((await createUser(platform, "admin")).id);
    await writeFile(other.fileTarget("c.png"), png);
    const { id: otherId } = await other.finish();
    expect(
      await codeOf(adminCaller().contentAdmin.setCover({ contentId: title.id, uploadId: otherId })),
    ).toBe("NOT_FOUND");
    expect(path.basename(stored)).toMatch(/^cover-/);
  });

  it("notes each title and episode changed, before and after, in the audit trail", async () => {
    const title = await createTitle(platform, { title: "Old Name" });
    const [first, second] = await addChapters(platform, title.id, 2);
    await adminCaller().contentAdmin.updateContent({ id: title.id, data: { title: "New Name" } });
    await adminCaller().contentAdmin.setEpisodePrices({
      contentId: title.id,
      episodeIds: [second?.id ?? "", first?.id ?? ""],
      priceCoins: 30,
    });
    const changesOf = async (action: string) =>
      (await platform.deps.db.select().from(auditEvents).where(eq(auditEvents.action, action))).map(
        (event) => event.changes,
      );
    expect(await changesOf("contentAdmin.updateContent")).toEqual([
      [
        {
          objectType: "content",
          objectId: title.id,
          before: expect.objectContaining({ title: "Old Name", author: title.author, status: "published" }),
          after: expect.objectContaining({ title: "New Name", author: title.author, status: "published" }),
        },
      ],
    ]);
    expect(await changesOf("contentAdmin.setEpisodePrices")).toEqual([
      [first, second].map((episode) => ({
        objectType: "episode",
        objectId: episode?.id,
        before: expect.objectContaining({ number: episode?.number, priceCoins: 0 }),
        after: expect.objectContaining({ number: episode?.number, priceCoins: 30 }),
      })),
    ]);
  });
});

describe("contentAdmin episodes", () => {
  it("reorders, renames, prices, schedules and deletes episodes, renumbering them", async () => {
    const title = await createTitle(platform);
    const created = await addChapters(platform, title.id, 4);
    const ids = created.map((episode) => episode.id);
    const caller = adminCaller();
    const numbers = async () =>
      (await caller.contentAdmin.getContent({ contentId: title.id })).episodes.map((e) => [
        e.title,
        e.number,
      ]);

    await caller.contentAdmin.reorderEpisodes({
      contentId: title.id,
      episodeIds: [ids[3], ids[0], ids[1], ids[2]] as string[],
    });
    expect(await numbers()).toEqual([
      ["Chapter 4", 1],
      ["Chapter 1", 2],
      ["Chapter 2", 3],
      ["Chapter 3", 4],
    ]);
    expect(
      await codeOf(
        caller.contentAdmin.reorderEpisodes({ contentId: title.id, episodeIds: [ids[0]] as string[] }),
      ),
    ).toBe("BAD_REQUEST");

    await caller.contentAdmin.updateEpisode({ id: ids[3] as string, data: { title: "Prologue" } });
    await caller.contentAdmin.setEpisodePrices({
      contentId: title.id,
      episodeIds: [ids[1], ids[2]] as string[],
      priceCoins: 25,
    });
    const start = new Date(Date.now() + 3_600_000);
    await caller.contentAdmin.scheduleEpisodes({
      contentId: title.id,
      episodeIds: [ids[2], ids[1]] as string[],
      startAt: start.toISOString(),
      intervalHours: 24,
    });
    const detail = await caller.contentAdmin.getContent({ contentId: title.id });
    expect(detail.episodes.map((e) => [e.title, e.state, e.priceCoins, e.publishAt])).toEqual([
      ["Prologue", "published", 0, expect.any(String)],
      ["Chapter 1", "published", 0, expect.any(String)],
      // In reading order, one day apart.
      ["Chapter 2", "scheduled", 25, start.toISOString()],
      ["Chapter 3", "scheduled", 25, new Date(start.getTime() + 86_400_000).toISOString()],
    ]);
    expect(detail.scheduledEpisodes).toBe(2);

    await caller.contentAdmin.updateEpisode({ id: ids[0] as string, data: { publishAt: null } });
    expect((await caller.contentAdmin.getContent({ contentId: title.id })).episodes[1]?.state).toBe("draft");

    const folder = mediaPath(platform, episodeMediaKey(ids[3] as string));
    await caller.contentAdmin.deleteEpisode({ id: ids[3] as string });
    expect(await numbers()).toEqual([
      ["Chapter 1", 1],
      ["Chapter 2", 2],
      ["Chapter 3", 3],
    ]);
    expect(existsSync(folder)).toBe(false);

    const other = await createTitle(platform);
    const [foreign] = await addChapters(platform, other.id, 1);
    expect(
      await codeOf(
        caller.contentAdmin.setEpisodePrices({
          contentId: title.id,
          episodeIds: [foreign?.id ?? ""],
          priceCoins: 1,
        }),
      ),
    ).toBe("BAD_REQUEST");
    expect(
      await codeOf(
        caller.contentAdmin.updateEpisode({ id: ids[1] as string, data: { publishAt: "tomorrow" } }),
      ),
    ).toBe("BAD_REQUEST");
  });

  it("releases scheduled episodes when their time comes: readers' pages update and followers hear of it once", async () => {
    const title = await createTitle(platform, { title: "Weekly" });
    const [, later] = await addChapters(platform, title.id, 2, {
      1: { publishAt: new Date(Date.now() + 60_000) },
    });
    await announceDueEpisodes(platform.deps);
    const follower = await readerAged(platform, 18);
    const reader = callerFor(platform, follower);
    await reader.library.followContent({ contentId: title.id });
    const probe = watchLiveRuns(platform, () => reader.content.getContent({ contentId: title.id }));
    await probe.waitForRuns(1);
    expect(probe.latest?.episodeCount).toBe(1);

    // The release time passes.
    await adminCaller().contentAdmin.updateEpisode({
      id: later?.id ?? "",
      data: { publishAt: new Date(Date.now() - 1_000).toISOString() },
    });
    expect(await announceDueEpisodes(platform.deps)).toBe(1);
    await expect.poll(() => probe.latest?.episodeCount, { timeout: 5_000 }).toBe(2);
    expect(await announceDueEpisodes(platform.deps)).toBe(0);
    probe.stop();

    const notes = await platform.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, follower.id));
    expect(notes.map((note) => [note.kind, note.title, note.body, note.link])).toEqual([
      ["new_episode", "New episode of Weekly", "Episode 2: Chapter 2", `/content/${title.id}`],
    ]);
    expect(await reader.notifications.getUnreadCount()).toBe(1);
  });
});
