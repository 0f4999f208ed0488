// Profiles through the real router: handles and their redirects, what privacy shows to whom,
// what a profile tells of someone's reading, avatars, and reports.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "../../core/db/client.ts";
import { handleSkeleton, handleSkeletonSql } from "../../core/db/handle-skeleton.ts";
import { chapterOf, reportsOf } from "../../test/active-time.ts";
import { addChapters, createTitle } from "../../test/catalogue.ts";
import { befriend, phonePhoto, uploadFile } from "../../test/people.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
} from "../../test/test-platform.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { profileFromClaims, syncUser } from "../users/users.service.ts";
import { handleHistory } from "./schema.ts";

let platform: TestPlatform;
let server: TestServer;
beforeAll(async () => {
  platform = await openTestPlatform();
  server = await startTestServer(platform);
});
afterAll(async () => {
  await server.close();
  await platform.dispose();
});
beforeEach(() => platform.reset());

const as = (user: TestUser) => callerFor(platform, user).profiles;

describe("handles", () => {
  it("are 3 to 30 of a-z, 0-9 and _, unique without case, and not reserved words", async () => {
    const me = await createUser(platform);
    const other = await createUser(platform);
    expect((await as(me).updateProfile({ handle: "Night_Owl" })).person.handle).toBe("night_owl");
    expect(await codeOf(as(other).updateProfile({ handle: "NIGHT_OWL" }))).toBe("CONFLICT");
    for (const handle of [
      "ab",
      "x".repeat(31),
      "has space",
      "émile",
      "dash-ed",
      "admin",
      "Support",
      "settings",
    ]) {
      expect(await codeOf(as(other).updateProfile({ handle })), handle).toBe("BAD_REQUEST");
    }
    expect((await as(other).updateProfile({ handle: "x".repeat(30) })).person.handle).toBe("x".repeat(30));
  });

  it("lead from an old handle to the person for 30 days, and nobody else may take it meanwhile", async () => {
    const me = await createUser(platform);
    const other = await createUser(platform);
    await as(me).updateProfile({ handle: "bookworm" });
    await as(me).updateProfile({ handle: "page_turner" });
    expect(await as(other).resolveHandle({ handle: "bookworm" })).toEqual({
      userId: me.id,
      handle: "page_turner",
      isOldHandle: true,
    });
    expect(await as(other).resolveHandle({ handle: "@Page_Turner" })).toEqual({
      userId: me.id,
      handle: "page_turner",
      isOldHandle: false,
    });
    expect(await codeOf(as(other).updateProfile({ handle: "bookworm" }))).toBe("CONFLICT");
    // Its owner may take it back.
    await as(me).updateProfile({ handle: "bookworm" });
    expect((await as(other).resolveHandle({ handle: "bookworm" })).isOldHandle).toBe(false);
    // After 30 days it is free.
    await platform.deps.db.execute(
      sql`update ${handleHistory} set released_at = now() - interval '31 days' where handle = 'page_turner'`,
    );
    expect(await codeOf(as(other).resolveHandle({ handle: "page_turner" }))).toBe("NOT_FOUND");
    expect((await as(other).updateProfile({ handle: "page_turner" })).person.handle).toBe("page_turner");
  });
});

describe("look-alike handles", () => {
  /** The message a call failed with. */
  async function refusalOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
    try {
      await promise;
      return { code: "OK", message: "" };
    } catch (error) {
      const { code, message } = error as { code: string; message: string };
      return { code, message };
    }
  }

  it("refuses the team's words and anything that looks like them or holds the platform's name", async () => {
    const me = await createUser(platform);
    for (const handle of [
      "supp0rt",
      "r00t",
      "rnoderator",
      "ad_min",
      "staff_",
      "litverse_help",
      "the_litverse_team",
    ]) {
      expect(await refusalOf(as(me).updateProfile({ handle })), handle).toEqual({
        code: "BAD_REQUEST",
        message: "That handle is reserved",
      });
    }
    // Letters of other scripts are not handle characters at all: Cyrillic "а" in "аdmin".
    expect(await refusalOf(as(me).updateProfile({ handle: "\u0430dmin" }))).toEqual({
      code: "BAD_REQUEST",
      message: "Use only letters a to z, digits and underscores",
    });
    // Words that merely contain a reserved one are fine.
    expect((await as(me).updateProfile({ handle: "badminton_fan" })).person.handle).toBe("badminton_fan");
  });

  it("refuses a handle that looks like another person's, by its confusable skeleton", async () => {
    const holder = await createUser(platform);
    const me = await createUser(platform);
    await as(holder).updateProfile({ handle: "sam_reads" });
    for (const handle of ["sarn_reads", "SARN_READS"]) {
      expect(await refusalOf(as(me).updateProfile({ handle })), handle).toEqual({
        code: "CONFLICT",
        message: "That handle looks too much like someone else's. Try another.",
      });
    }
    // And the other way round: "rn" taken first, "m" refused.
    await as(holder).updateProfile({ handle: "corner_shelf" });
    expect((await refusalOf(as(me).updateProfile({ handle: "comer_shelf" }))).code).toBe("CONFLICT");
    await as(holder).updateProfile({ handle: "bookworm" });
    expect((await refusalOf(as(me).updateProfile({ handle: "b00kworm" }))).code).toBe("CONFLICT");
    expect(await refusalOf(as(me).updateProfile({ handle: "bookworm" }))).toEqual({
      code: "CONFLICT",
      message: "That handle is taken.",
    });
    // A handle like one given up less than 30 days ago is refused too: the old one still leads to its holder.
    expect(await refusalOf(as(me).updateProfile({ handle: "c0rner_shelf" }))).toEqual({
      code: "CONFLICT",
      message: "That handle was in use until recently. Try another.",
    });
    // Nothing was changed by the refusals; unlike handles stay free, and one may look like oneself.
    expect((await as(me).getMyProfile()).person.handle).toBeNull();
    expect((await as(me).updateProfile({ handle: "sam_writes" })).person.handle).toBe("sam_writes");
    expect((await as(holder).updateProfile({ handle: "b00kworm" })).person.handle).toBe("b00kworm");
  });

  it("keeps new people's handles clear of the team's and of look-alikes", async () => {
    const holder = await createUser(platform);
    await as(holder).updateProfile({ handle: "tom" });
    const signIn = (name: string) =>
      syncUser(
        platform.deps,
        {
          issuer: "https://idp.test",
          issuerKey: "https://idp.test",
          subject: randomUUID(),
          claims: {},
          expiresAt: 0,
          token: "",
        },
        profileFromClaims({ name }, { email: "email", name: "name", picture: "picture" }),
        [],
      );
    expect((await signIn("Torn")).handle).toMatch(/^torn_\d+$/);
    expect((await signIn("Admin")).handle).toBe("reader");
    expect((await signIn("Litverse Fan")).handle).toMatch(/^reader_\d+$/);
    // A provider's name is shown as given, less anything hidden or reordering.
    expect((await signIn("Admin\u202E nimdA")).name).toBe("Admin nimdA");
  });

  it("are compared by the database as by Unicode's skeletons", async () => {
    const handles = ["m", "rn", "r00t", "l1l1", "sam_1_0", "abcdefghijklmnopqrstuvwxyz0123456789_"];
    for (const handle of handles) {
      const [row] = await queryRows<{ skeleton: string }>(
        platform.deps.db,
        sql`select ${handleSkeletonSql(sql`${handle}::text`)} as skeleton`,
      );
      expect(row?.skeleton, handle).toBe(handleSkeleton(handle));
    }
    expect(handleSkeleton("m")).toBe(handleSkeleton("rn"));
    expect(handleSkeleton("r00t")).toBe(handleSkeleton("root"));
    expect(handleSkeleton("\u0430dmin")).toBe(handleSkeleton("admin"));
  });
});

describe("privacy", () => {
  async function reader() {
    const me = await createUser(platform);
    const title = await createTitle(platform, { title: "Moby-Dick" });
    const [chapter] = await addChapters(platform, title.id, 2);
    await callerFor(platform, me).library.recordProgress({ episodeId: chapter?.id ?? "", fraction: 0.5 });
    await callerFor(platform, me).library.followContent({ contentId: title.id });
    await as(me).updateProfile({ bio: "Whales, mostly.", favouriteGenres: ["Classics"] });
    return me;
  }

  it("shows each section to whom its owner chose: everyone, friends, or nobody", async () => {
    const me = await reader();
    const friend = await createUser(platform);
    const stranger = await createUser(platform);
    await befriend(platform, me, friend);

    // Defaults: details and reading activity for everyone, the library for friends.
    const seenByStranger = await as(stranger).getProfile({ userId: me.id });
    expect(seenByStranger.details).toEqual({ bio: "Whales, mostly.", favouriteGenres: ["Classics"] });
    expect(seenByStranger.activity?.inProgress.map((title) => title.title)).toEqual(["Moby-Dick"]);
    expect(seenByStranger.library).toBeNull();
    expect(
      (await as(friend).getProfile({ userId: me.id })).library?.following.map((title) => title.title),
    ).toEqual(["Moby-Dick"]);

    await as(me).updateProfile({
      detailsVisibility: "friends",
      activityVisibility: "private",
      libraryVisibility: "public",
    });
    const after = await as(stranger).getProfile({ userId: me.id });
    expect(after).toMatchObject({ details: null, activity: null, library: { followingCount: 1 } });
    expect(await as(friend).getProfile({ userId: me.id })).toMatchObject({
      details: { bio: "Whales, mostly." },
      activity: null,
    });
    // The owner sees everything.
    expect((await as(me).getProfile({ userId: me.id })).activity).not.toBeNull();
    expect((await as(me).getProfile({ userId: me.id })).friendState).toBe("self");
  });

  it("never shows a title rated above the viewer's age", async () => {
    const me = await createUser(platform);
    const adult = await createTitle(platform, { title: "After Dark", ageRating: 18 });
    await callerFor(platform, me)
      .library.followContent({ contentId: adult.id })
      .catch(() => {});
    await platform.deps.db.execute(
      sql`insert into content_follows (user_id, content_id) values (${me.id}, ${adult.id}) on conflict do nothing`,
    );
    await as(me).updateProfile({ libraryVisibility: "public" });
    const teen = await createUser(platform);
    await callerFor(platform, teen).users.setUserAge({ age: 13 });
    expect((await as(teen).getProfile({ userId: me.id })).library).toEqual({
      followingCount: 0,
      following: [],
    });
  });
});

describe("what a profile tells", () => {
  it("counts finished titles, time spent and ratings", async () => {
    const me = await createUser(platform);
    const viewer = await createUser(platform);
    const finished = await createTitle(platform, { title: "Short Story" });
    // Chapters long enough for the minutes read in them to count in full.
    const [only] = await addChapters(platform, finished.id, 1, { 0: chapterOf(2_000) });
    const started = await createTitle(platform, { title: "Long Novel" });
    const [first] = await addChapters(platform, started.id, 4, { 0: chapterOf(2_000) });
    // Time counts as it passes on the server between reports: ten minutes, then five.
    const report = reportsOf(platform, me);
    const start = Date.now() - 3_600_000;
    await report({ episodeId: only?.id ?? "", fraction: 0 }, new Date(start));
    await report(
      { episodeId: only?.id ?? "", fraction: 1, isCompleted: true, activeSeconds: 600 },
      new Date(start + 600_000),
    );
    await report(
      { episodeId: first?.id ?? "", fraction: 1, isCompleted: true, activeSeconds: 300 },
      new Date(start + 900_000),
    );
    await callerFor(platform, me).content.rateContent({ contentId: finished.id, rating: 5 });

    const profile = await as(viewer).getProfile({ userId: me.id });
    expect(profile.activity).toMatchObject({
      finishedCount: 1,
      finished: [{ title: "Short Story" }],
      inProgress: [{ title: "Long Novel", fraction: 0.25 }],
      minutes: { read: 15, listen: 0, watch: 0 },
      ratingsCount: 1,
      ratings: [{ title: "Short Story", rating: 5 }],
    });
  });
});

describe("avatars", () => {
  it("are cropped to the chosen square, re-encoded at 512 px without their metadata, and served to all", async () => {
    const me = await createUser(platform);
    // Stored 1200×800 sideways: shown 800×1200.
    const uploadId = await uploadFile(platform, me, await phonePhoto(1200, 800));
    const profile = await as(me).setAvatar({ uploadId, crop: { x: 0, y: 200, size: 800 } });
    const url = profile.person.avatarUrl ?? "";
    expect(url).toMatch(new RegExp(`^/media/avatars/${me.id}/avatar-[0-9a-f]{12}\\.webp$`));
    const response = await fetch(`${server.url}${url}`);
    expect(response.status).toBe(200);
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 512, height: 512 });
    expect(metadata.exif).toBeUndefined();
    // Smaller sizes on request, as for covers.
    const small = await fetch(`${server.url}${url}?w=160&f=webp`);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(160);

    // A square past the picture's edge, or a file that is not a picture, changes nothing.
    const another = await uploadFile(platform, me, await phonePhoto(1200, 800));
    expect(await codeOf(as(me).setAvatar({ uploadId: another, crop: { x: 100, y: 0, size: 800 } }))).toBe(
      "BAD_REQUEST",
    );
    const text = await uploadFile(platform, me, Buffer.from("<svg onload=alert(1)>"), "me.svg");
    expect(await codeOf(as(me).setAvatar({ uploadId: text, crop: { x: 0, y: 0, size: 100 } }))).toBe(
      "BAD_REQUEST",
    );
    expect((await as(me).getMyProfile()).person.avatarUrl).toBe(url);

    // Removing it removes the file.
    await as(me).removeAvatar();
    expect((await fetch(`${server.url}${url}`)).status).toBe(404);
  });
});

describe("reports", () => {
  it("put a person into the shared reports table, with what their profile said", async () => {
    const me = await createUser(platform);
    const troll = await createUser(platform);
    await as(troll).updateProfile({ displayName: "Buy Cheap Coins", bio: "Visit my site" });
    expect(
      await as(me).reportUser({ userId: troll.id, reason: "spam", details: "Adverts in the bio" }),
    ).toEqual({
      isNew: true,
    });
    const rows = await queryRows<Record<string, unknown>>(
      platform.deps.db,
      sql`select target_kind, target_id, target_user_id, category, details, snapshot from reports`,
    );
    expect(rows).toEqual([
      {
        target_kind: "profile",
        target_id: troll.id,
        target_user_id: troll.id,
        category: "spam",
        details: "Adverts in the bio",
        snapshot: expect.stringContaining("Buy Cheap Coins"),
      },
    ]);
    expect(await codeOf(as(me).reportUser({ userId: me.id, reason: "spam", details: "" }))).toBe(
      "BAD_REQUEST",
    );
    expect(
      await codeOf(as(me).reportUser({ userId: troll.id, reason: "boring" as never, details: "" })),
    ).toBe("BAD_REQUEST");
  });
});
