import { readFile } from "node:fs/promises";
import path from "node:path";
import { CONTENT_TYPES, SHELF_ITEM_LIMIT } from "@litverse/shared/content";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Identity } from "../../auth/identity.ts";
import { EMBEDDED_ISSUER_KEY } from "../../auth/identity.ts";
import { REPO_ROOT } from "../../config.ts";
import { callerFor, openTestPlatform, type TestPlatform, type TestUser } from "../../test/test-platform.ts";
import { queryRows } from "../client.ts";
import { adminNotifications, content, curatedLists, users } from "../schema/index.ts";
import { isEmpty, seedDemo } from "./demo.ts";
import { DEMO_LISTS, DEMO_TITLES, demoCoverUrl } from "./demo-catalogue.ts";
import { renderDemoCover } from "./demo-covers.ts";
import { DEMO_FIXTURES } from "./demo-imports.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
  await platform.reset();
});
afterAll(() => platform.dispose());

/** A caller signed in as the demo account with this email. */
async function demoCaller(email: string) {
  const [row] = await platform.deps.db
    .select()
    .from(users)
    .where(and(eq(users.issuer, EMBEDDED_ISSUER_KEY), eq(users.email, email)));
  if (!row) throw new Error(`no demo user ${email}`);
  const identity: Identity = {
    issuer: "http://localhost/oidc",
    issuerKey: EMBEDDED_ISSUER_KEY,
    subject: row.subject,
    claims: { sub: row.subject },
    expiresAt: Date.now() + 60_000,
    token: "t",
  };
  const user: TestUser = { id: row.id, role: row.role, identity };
  return callerFor(platform, user);
}

async function counts() {
  const [row] = await queryRows<Record<string, number>>(
    platform.deps.db,
    sql`
    select (select count(*) from accounts)::int as accounts,
           (select count(*) from content)::int as content,
           (select count(*) from curated_lists)::int as lists,
           (select count(*) from curated_list_items)::int as items,
           (select count(*) from messages)::int as messages,
           (select count(*) from notifications)::int as notifications,
           (select count(*) from admin_notifications)::int as admin_notifications,
           (select count(*) from support_tickets)::int as tickets,
           (select count(*) from ledger_entries)::int as ledger_entries,
           (select count(*) from coin_packages)::int as coin_packages,
           (select count(*) from subscription_plans)::int as subscription_plans,
           (select count(*) from payments)::int as payments`,
  );
  return row;
}

describe("demo seed", () => {
  it("fills an empty database, and seeding again adds nothing", async () => {
    expect(await isEmpty(platform.deps)).toBe(true);
    const first = await seedDemo(platform.deps);
    expect(first).toMatchObject({
      accounts: 4,
      titles: DEMO_TITLES.length + DEMO_FIXTURES.length,
      lists: DEMO_LISTS.length,
    });
    expect(first.activity).toBeGreaterThan(0);
    const before = await counts();
    expect(await seedDemo(platform.deps)).toEqual({ accounts: 0, titles: 0, lists: 0, activity: 0 });
    expect(await counts()).toEqual(before);
  });

  it("has about 18 published titles of every type, some premium or VVIP, some rated 16 and 18", async () => {
    const rows = await platform.deps.db.select().from(content).where(eq(content.status, "published"));
    expect(rows.length).toBeGreaterThanOrEqual(16);
    for (const type of CONTENT_TYPES)
      expect(
        rows.some((row) => row.contentType === type),
        type,
      ).toBe(true);
    expect(rows.filter((row) => row.accessType !== "free").length).toBeGreaterThanOrEqual(3);
    expect(rows.some((row) => row.ageRating === 16)).toBe(true);
    expect(rows.some((row) => row.ageRating === 18)).toBe(true);
  });

  it("gives every published title released episodes, some priced, some scheduled, and imports the fixtures", async () => {
    const reader = await demoCaller("reader@demo.test");
    const page = await reader.content.listContent({ limit: 50 });
    expect(page.items.length).toBe(DEMO_TITLES.length - 1 + DEMO_FIXTURES.length);
    for (const item of page.items) expect(item.episodeCount, item.title).toBeGreaterThan(0);
    const titles = page.items.map((item) => `${item.contentType}:${item.title}`);
    for (const fixture of DEMO_FIXTURES) expect(titles).toContain(`${fixture.contentType}:${fixture.title}`);

    const mobyDick = page.items.find((item) => item.title === "Moby-Dick" && item.contentType === "book");
    expect(mobyDick?.episodeCount).toBeGreaterThan(130);
    const romeo = page.items.find((item) => item.title === "Two Houses");
    const detail = await reader.content.getContent({ contentId: romeo?._id ?? "" });
    expect(detail.episodes.some((episode) => episode.lock?.reason === "price")).toBe(true);
    expect(detail.nextReleaseAt).not.toBeNull();
    const episode = await reader.content.getEpisode({ contentId: romeo?._id ?? "", number: 1 });
    expect(episode.payload.kind).toBe("video");
    // The figures behind popularity were computed.
    expect(page.items.some((item) => item.viewCount > 0 && item.ratingCount > 0)).toBe(true);
  });

  it("shows the reader 5 shelves; anonymous visitors miss the titles rated over 13", async () => {
    const reader = await demoCaller("reader@demo.test");
    const shelves = await reader.contentCuration.getActiveCuratedLists();
    expect(shelves.map((list) => list.customName ?? list.listType)).toEqual([
      "trending",
      "editors_picks",
      "must_watch",
      "hidden_gems",
      "Listen on the go",
    ]);
    for (const shelf of shelves) {
      expect(shelf.content.length, shelf.listType).toBeGreaterThan(0);
      expect(shelf.content.length).toBeLessThanOrEqual(SHELF_ITEM_LIMIT);
      if (shelf.contentType !== "all") {
        expect(shelf.content.every((card) => card.contentType === shelf.contentType)).toBe(true);
      }
    }
    const anonymous = await callerFor(platform).contentCuration.getActiveCuratedLists();
    const titles = (lists: typeof shelves) => lists.flatMap((list) => list.content.map((card) => card.title));
    // A hand-picked title rated 16: the reader sees it, anonymous visitors do not.
    expect(titles(shelves)).toContain("The Glass Anatomist");
    expect(titles(anonymous)).not.toContain("Letters from the Pass");
    expect(titles(anonymous)).not.toContain("The Glass Anatomist");
    expect(titles(shelves)).not.toContain("The Second Door");
    const [inactive] = await platform.deps.db
      .select()
      .from(curatedLists)
      .where(eq(curatedLists.isActive, false));
    expect(inactive).toBeDefined();
  });

  it("gives the reader unread messages, notifications and a wallet, and the team work to do", async () => {
    const reader = await demoCaller("reader@demo.test");
    expect(await reader.messages.getUnreadCount()).toBe(3);
    const notices = (await reader.notifications.listNotifications({ limit: 50 })).items;
    expect(notices.filter((item) => !item.readAt).map((item) => [item.kind, item.title])).toEqual([
      ["message", "Ivo Moreau wants to send you a message"],
      ["friend_request", "Eli Moreau sent you a friend request"],
      ["message", "Demo Admin sent you a message"],
      ["system", "You received 40 bonus coins"],
      ["system", "Welcome to Litverse"],
    ]);
    expect(await reader.coins.getCoinBalance()).toEqual({ total: 160, purchased: 120, bonus: 40 });

    const admin = await demoCaller("admin@demo.test");
    expect(await admin.adminNotifications.getUnreadCount()).toBe(2);
    expect(await admin.support.getUnattendedTicketCount()).toBe(3);
    expect(await admin.messages.getUnreadCount()).toBe(0);
    expect(await admin.coins.getCoinBalance()).toEqual({ total: 0, purchased: 0, bonus: 0 });

    const newbie = await demoCaller("newbie@demo.test");
    expect(await newbie.messages.getUnreadCount()).toBe(0);
    expect(await newbie.notifications.getUnreadCount()).toBe(0);
  });

  it("gives the reader friends, conversations, a friend request and a message request", async () => {
    const reader = await demoCaller("reader@demo.test");
    const friends = (await reader.friends.listFriends()).map((person) => person.name).sort();
    expect(friends).toEqual(["Ada Moreau", "Bea Moreau", "Cyrus Moreau", "Demo Admin", "Dina Moreau"]);
    const requests = await reader.friends.listFriendRequests();
    expect(requests.incoming.map((item) => item.person.name)).toEqual(["Eli Moreau"]);
    expect(requests.outgoing.map((item) => item.person.name)).toEqual(["Farah Moreau"]);
    const inbox = await reader.messages.listConversations();
    expect(inbox.chats.map((chat) => [chat.partner.name, chat.unreadCount])).toEqual([
      ["Demo Admin", 3],
      ["Ada Moreau", 0],
    ]);
    expect(inbox.requests.map((request) => request.partner.name)).toEqual(["Ivo Moreau"]);
    // Friends of friends, and readers of the same titles, to make friends with.
    expect((await reader.friends.getFriendSuggestions()).length).toBeGreaterThan(0);
  });

  it("puts the reader in a club reading on a schedule, with spoilers on both sides of their progress", async () => {
    const reader = await demoCaller("reader@demo.test");
    const [mine] = await reader.clubs.listMyClubs();
    expect(mine).toMatchObject({ name: "The Lantern Society", myStatus: "active" });
    const club = await reader.clubs.getClub({ clubId: mine?._id ?? "" });
    expect(club.myFinishedEpisode).toBe(4);
    const [partOne, partTwo] = club.read?.milestones ?? [];
    const visible = async (milestoneId: string | null) =>
      (await reader.clubs.listClubPosts({ clubId: club._id, milestoneId })).items.map(
        (post) => !post.isHidden,
      );
    expect(await visible(partOne?._id ?? null)).toEqual([true]);
    expect(await visible(partTwo?._id ?? null)).toEqual([false]);
    expect(await visible(null)).toEqual([true, false, true]);
    // A poll on the next read and a meeting, both open.
    const [poll] = await reader.clubs.listClubPolls({ clubId: club._id });
    expect(poll).toMatchObject({ kind: "ranked", isClosed: false, voterCount: 3, myChoices: [] });
    expect(poll?.options.map((option) => option.label)).toEqual([
      "Thornmere",
      "The Salt Map",
      "Letters from the Pass",
    ]);
    const [meeting] = await reader.clubs.listClubMeetings({ clubId: club._id });
    expect(meeting?.counts).toEqual({ going: 2, maybe: 1, not_going: 0 });
    // A private club to ask to join.
    const found = await reader.clubs.discoverClubs({ query: "" });
    expect(found.map((item) => [item.name, item.myStatus])).toContainEqual(["Night Shift Listeners", null]);
  });

  it("tells the team only what the seed really did", async () => {
    const { db } = platform.deps;
    const notices = await db.select().from(adminNotifications).orderBy(adminNotifications.title);
    const [moby] = await queryRows<{ chapters: number }>(
      db,
      sql`select count(*)::int as chapters from episodes e join content c on c.id = e.content_id
          where c.title = 'Moby-Dick' and c.content_type = 'book'`,
    );
    const [sales] = await queryRows<{ sold: number }>(
      db,
      sql`select count(*)::int as sold from payments
          where status = 'paid' and purpose = 'coins' and paid_at >= now() - interval '7 days'`,
    );
    expect(notices.map((notice) => [notice.title, notice.body])).toEqual([
      [
        "Coin sales in the last 7 days",
        expect.stringMatching(new RegExp(`^${sales?.sold} coin packages sold`)),
      ],
      ["Imported: Moby-Dick", `The EPUB came in as ${moby?.chapters} chapters, ready to read.`],
    ]);
  });

  it("points every title at its cover, which matches what the cover generator makes", async () => {
    const rows = await platform.deps.db.select().from(content);
    for (const demo of DEMO_TITLES) {
      const row = rows.find((candidate) => candidate.title === demo.title);
      expect(row?.coverImage).toBe(demoCoverUrl(demo.slug));
      const file = path.join(REPO_ROOT, "apps/web/public", demoCoverUrl(demo.slug));
      expect(await readFile(file, "utf8"), `${file}: run npm run demo:covers`).toBe(renderDemoCover(demo));
    }
  });
});
