import { readFile } from "node:fs/promises";
import path from "node:path";
import { CONTENT_TYPES, SHELF_ITEM_LIMIT } from "@litverse/shared/content";
import { TICKET_STATUSES } from "@litverse/shared/support";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Identity } from "../auth/identity.ts";
import { EMBEDDED_ISSUER_KEY } from "../auth/identity.ts";
import { REPO_ROOT } from "../core/config.ts";
import { queryRows } from "../core/db/client.ts";
import { checkLedger } from "../modules/coins/ledger-check.ts";
import { content } from "../modules/content/schema.ts";
import { DEMO_LISTS } from "../modules/content-admin/demo/catalogue.ts";
import { renderDemoCover } from "../modules/content-admin/demo/covers.ts";
import { DEMO_FIXTURES } from "../modules/content-admin/demo/imports.ts";
import { DEMO_TITLES, demoCoverUrl } from "../modules/content-admin/demo/titles.ts";
import { curatedLists } from "../modules/content-admin/schema.ts";
import { DEMO_READER_FINISHED } from "../modules/library/demo.ts";
import { adminNotifications } from "../modules/notifications/schema.ts";
import { DEMO_PERSONA } from "../modules/personas/demo.ts";
import { DEMO_LOCKED_REEL_KEY, DEMO_REELS } from "../modules/reels/demo.ts";
import { reels } from "../modules/reels/schema.ts";
import { listBadges } from "../modules/rewards/badges.ts";
import { DEMO_READER_STREAK, DEMO_REWARDS } from "../modules/rewards/demo-league.ts";
import {
  DEMO_PRESET_NAME,
  HARBOUR_TITLE,
  LANTERN_TITLE,
  LANTERN_WICK_PRICE,
} from "../modules/stories/demo.ts";
import { DEMO_SUPPORT_TICKETS } from "../modules/support/demo.ts";
import { DEMO_PERSONA_ISSUER } from "../modules/users/demo-personas.ts";
import { users } from "../modules/users/schema.ts";
import { mediaPath } from "../test/media-files.ts";
import { describeVideo } from "../test/reel-media.ts";
import { callerFor, openTestPlatform, type TestPlatform, type TestUser } from "../test/test-platform.ts";
import { isEmpty, seedDemo } from "./demo.ts";

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

/** Whom a person is friends with, written here from the table rather than taken from the service. */
const friendIdsSql = (userId: string) =>
  sql`select case when requester_id = ${userId} then addressee_id else requester_id end
      from friendships where status = 'accepted' and ${userId} in (requester_id, addressee_id)`;

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
           (select count(*) from payments)::int as payments,
           (select count(*) from stories)::int as stories,
           (select count(*) from story_plays)::int as story_plays,
           (select count(*) from reels)::int as reels,
           (select count(*) from reel_views)::int as reel_views`,
  );
  return row;
}

describe("demo seed", () => {
  // Seeding twice, beside the rest of the suite on two busy cores, takes longer than a test's
  // usual 30 s: the reels are converted by ffmpeg on the way in.
  it("fills an empty database, and seeding again adds nothing", { timeout: 180_000 }, async () => {
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
      ["message", "Ivo Novak wants to send you a message"],
      ["friend_request", "Eli Lindqvist sent you a friend request"],
      ["message", "Demo Admin sent you a message"],
      ["system", "You received 40 bonus coins"],
      ["system", "Welcome to Litverse"],
      // The demo admin's answers to the reader's tickets, dated when they were written.
      ["support", expect.stringMatching(/^New reply on ticket #\d+$/)],
      ["support", expect.stringMatching(/^New reply on ticket #\d+$/)],
      ["support", expect.stringMatching(/^New reply on ticket #\d+$/)],
    ]);
    // The welcome bonus, and a week of check-ins: days 1 to 7 of the cycle and the 3- and 7-day milestones.
    expect(await reader.coins.getCoinBalance()).toEqual({ total: 320, purchased: 120, bonus: 200 });

    const admin = await demoCaller("admin@demo.test");
    // The import, the week's sales, the two tickets that missed their first reply target, and
    // what readers reported (seeing the queue is the admin's work, not the notices).
    const [reportNotices] = await queryRows<{ n: number }>(
      platform.deps.db,
      sql`select count(*)::int as n from admin_notifications where kind = 'report'`,
    );
    expect(await admin.adminNotifications.getUnreadCount()).toBe(4 + (reportNotices?.n ?? 0));
    expect(await admin.support.getUnattendedTicketCount()).toBe(3);
    expect(await admin.messages.getUnreadCount()).toBe(0);
    expect(await admin.coins.getCoinBalance()).toEqual({ total: 0, purchased: 0, bonus: 0 });

    const newbie = await demoCaller("newbie@demo.test");
    expect(await newbie.messages.getUnreadCount()).toBe(0);
    // The demo admin answered three of the newcomer's tickets.
    expect(await newbie.notifications.getUnreadCount()).toBe(3);
  });

  it("gives the reader friends, conversations, a friend request and a message request", async () => {
    const reader = await demoCaller("reader@demo.test");
    const friends = (await reader.friends.listFriends()).map((person) => person.name).sort();
    expect(friends).toEqual(["Ada Moreau", "Bea Santos", "Cyrus Farahani", "Demo Admin", "Dina Haddad"]);
    const requests = await reader.friends.listFriendRequests();
    expect(requests.incoming.map((item) => item.person.name)).toEqual(["Eli Lindqvist"]);
    expect(requests.outgoing.map((item) => item.person.name)).toEqual(["Farah Rahman"]);
    const inbox = await reader.messages.listConversations();
    expect(inbox.chats.map((chat) => [chat.partner.name, chat.partner.runByTeam, chat.unreadCount])).toEqual([
      // The team's persona answered the reader while they had the conversation open.
      [DEMO_PERSONA.name, true, 0],
      ["Demo Admin", false, 3],
      ["Ada Moreau", false, 0],
    ]);
    expect(inbox.requests.map((request) => request.partner.name)).toEqual(["Ivo Novak"]);
  });

  it("has the reader in the middle of a book, with a poem, an audiobook and a drama finished", async () => {
    const reader = await demoCaller("reader@demo.test");
    const library = await reader.library.getMyLibrary();
    // Only the club's book is under way: the finished titles leave the Continue shelf free.
    expect(library.continue.map((entry) => entry.content.title)).toEqual(["The Lantern Keeper's Daughter"]);
    expect(library.following).toEqual([]);
    const read = new Set(
      library.history.map((entry) => `${entry.content.contentType}:${entry.content.title}`),
    );
    expect(read).toEqual(
      new Set([
        "book:The Lantern Keeper's Daughter",
        ...DEMO_READER_FINISHED.map((title) => `${title.contentType}:${title.title}`),
      ]),
    );
  });

  it("suggests people to the reader for reasons that differ, each one true", async () => {
    const reader = await demoCaller("reader@demo.test");
    const [me] = await platform.deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "reader@demo.test"));
    const suggestions = await reader.friends.getFriendSuggestions();
    console.log(
      JSON.stringify(suggestions.map((s) => [s.person.name, s.reason, s.sharedTitles, s.mutualFriends])),
    );
    expect(suggestions.length).toBeGreaterThanOrEqual(8);
    // Not everyone for the one book everybody reads: a club, friends in common, other titles.
    const reasons = suggestions.map((suggestion) => suggestion.reason);
    expect(new Set(reasons).size).toBeGreaterThanOrEqual(4);
    expect(reasons.some((reason) => reason.includes("Both in The Lantern Society"))).toBe(true);
    expect(reasons.some((reason) => reason.includes("in common"))).toBe(true);
    const titlesNamed = new Set(
      reasons.flatMap((reason) => /(?:reading|to|watching) (.+)$/.exec(reason)?.[1] ?? []),
    );
    expect(titlesNamed.size).toBeGreaterThanOrEqual(2);
    const verbs: Record<string, string[]> = {
      "Both reading": ["book", "comic"],
      "Both listening to": ["audiobook"],
      "Both watching": ["drama"],
    };
    for (const { person, reason, mutualFriends } of suggestions) {
      const parts = reason.split(" · ");
      expect(parts.length, reason).toBeGreaterThan(0);
      for (const part of parts) {
        const friends = /^(\d+) friends? in common$/.exec(part);
        const club = /^Both in (.+)$/.exec(part);
        const title = /^(Both reading|Both listening to|Both watching) (.+)$/.exec(part);
        if (friends) {
          const [row] = await queryRows<{ count: number }>(
            platform.deps.db,
            sql`select count(*)::int as count
                from (${friendIdsSql(me?.id ?? "")} intersect ${friendIdsSql(person._id)}) as common(id)`,
          );
          expect(row?.count, `${person.name}: ${reason}`).toBe(Number(friends[1]));
          expect(mutualFriends).toBe(Number(friends[1]));
        } else if (club) {
          const [row] = await queryRows<{ count: number }>(
            platform.deps.db,
            sql`select count(distinct m.user_id)::int as count from club_members m join clubs c on c.id = m.club_id
                where c.name = ${club[1]} and m.status = 'active' and m.user_id in (${me?.id}, ${person._id})`,
          );
          expect(row?.count, `${person.name}: ${reason}`).toBe(2);
        } else if (title) {
          const [row] = await queryRows<{ count: number }>(
            platform.deps.db,
            sql`select count(distinct p.user_id)::int as count from episode_progress p join content c on c.id = p.content_id
                where c.title = ${title[2]} and c.content_type in ${verbs[title[1] ?? ""] ?? []}
                  and p.user_id in (${me?.id}, ${person._id})`,
          );
          expect(row?.count, `${person.name}: ${reason}`).toBe(2);
        } else {
          expect.fail(`${person.name}: a reason the test does not know, "${part}"`);
        }
      }
    }
  });

  it("seeds people from many families, not one", async () => {
    const personas = await platform.deps.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.issuer, DEMO_PERSONA_ISSUER));
    expect(personas.length).toBeGreaterThanOrEqual(20);
    const families = personas.map((person) => person.name?.split(" ").at(-1));
    expect(new Set(families).size).toBe(personas.length);
  });

  it("lists the seed's imports on the admin's imports panel, made by the demo admin", async () => {
    const admin = await demoCaller("admin@demo.test");
    const jobs = await admin.imports.listImportJobs();
    const titles = await platform.deps.db.select({ id: content.id, title: content.title }).from(content);
    expect(jobs).toHaveLength(DEMO_FIXTURES.length);
    for (const fixture of DEMO_FIXTURES) {
      const job = jobs.find(
        (item) => item.fileNames.join(",") === fixture.files.map((file) => path.basename(file)).join(","),
      );
      expect(job, fixture.key).toMatchObject({
        status: "succeeded",
        type: fixture.contentType,
        createdByName: "Demo Admin",
      });
      expect(titles.find((title) => title.id === job?.result?.contentId)?.title).toBe(fixture.title);
    }
  });

  it("spends coins on unlocks through the ledger, which the revenue figures count", async () => {
    const admin = await demoCaller("admin@demo.test");
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const revenue = await admin.revenue.getRevenueAnalytics({ from: monthAgo, to: today });
    expect(revenue.totals.unlocks).toBeGreaterThan(0);
    expect(revenue.totals.coinsSpent).toBeGreaterThan(0);
    const unlocks = await admin.unlocks.adminListUnlocks({});
    expect(new Set(unlocks.items.map((unlock) => unlock.kind)).size).toBeGreaterThanOrEqual(3);
    // The ledger's own check agrees with every wallet.
    expect((await checkLedger(platform.deps.db)).violations).toEqual([]);
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
    // The general board: the members' posts, and the team's persona welcoming readers.
    expect(await visible(null)).toEqual([true, true, false, true]);
    const board = (await reader.clubs.listClubPosts({ clubId: club._id, milestoneId: null })).items;
    expect(board.filter((post) => post.author?.runByTeam).map((post) => post.author?.name)).toEqual([
      DEMO_PERSONA.name,
    ]);
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

  it("gives the support desk tickets in every status, one past its target, and ratings", async () => {
    const admin = await demoCaller("admin@demo.test");
    const all = await admin.support.listQueue({ activeOnly: false });
    expect(new Set(all.items.map((ticket) => ticket.status))).toEqual(new Set(TICKET_STATUSES));
    for (const demo of DEMO_SUPPORT_TICKETS) {
      expect(all.items.find((ticket) => ticket.subject === demo.subject)?.status, demo.subject).toBe(
        demo.expect,
      );
    }
    expect(all.counts).toMatchObject({ unattended: 3, breached: 1 });
    expect(all.items[0]).toMatchObject({
      subject: "Where do bonus coins go when they expire?",
      breached: true,
    });
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const figures = await (await demoCaller("superadmin@demo.test")).support.getAnalytics({
      from: monthAgo,
      to: today,
    });
    expect(figures).toMatchObject({ created: DEMO_SUPPORT_TICKETS.length, csat: { count: 3, average: 3.7 } });
    expect(figures.firstReplyMinutes.median).toBeGreaterThan(0);
    expect(await admin.support.listCannedReplies()).toHaveLength(3);
  });

  it("puts the reader mid-week in a league with friends who keep streaks and have earned badges", async () => {
    const reader = await demoCaller("reader@demo.test");
    const league = await reader.rewards.getMyLeague();
    expect(league).toMatchObject({ tier: "bronze", joined: true, optedOut: false });
    expect(league.group?.memberCount).toBe(DEMO_REWARDS.length);
    const standings = league.standings.map((standing) => standing.xp);
    expect(standings).toEqual([...standings].sort((a, b) => b - a));
    expect(new Set(league.standings.map((standing) => standing.person.handle))).toEqual(
      new Set(DEMO_REWARDS.map((person) => person.handle)),
    );
    // The week's reading and listening, and the reader's posts in the demo club.
    const minutesXp = 27 * 2 + 10;
    expect(league.me?.xp).toBeGreaterThanOrEqual(minutesXp);
    expect(league.me?.rank).toBeGreaterThan(1);

    // A week of check-ins up to yesterday: today's, day 1 of the next cycle, is theirs to make.
    const overview = await reader.rewards.getRewardsOverview();
    expect(overview.checkIn).toMatchObject({ checkedInToday: false, cycleDay: 1 });
    expect(overview.streak).toMatchObject({ current: DEMO_READER_STREAK, best: DEMO_READER_STREAK });
    const badges = await reader.rewards.listBadges();
    expect(badges.find((badge) => badge.key === "week-streak")?.earnedTier).toBe(1);
    expect(overview.xp.todayTotal).toBe(league.me?.xp);

    const friends = await reader.rewards.getFriendsBoard();
    expect(friends.entries.map((entry) => entry.person.handle)).toContain("ada_moreau");

    const admin = await demoCaller("admin@demo.test");
    const grants = await admin.rewards.listGrants({ limit: 100 });
    const checkInDays = DEMO_REWARDS.reduce((sum, person) => sum + person.streakDays, 0);
    expect(grants.items.filter((grant) => grant.ruleKey.startsWith("checkin_"))).toHaveLength(checkInDays);
    // Streaks of 3 days or more reached the first milestone.
    expect(grants.items.filter((grant) => grant.ruleKey === "streak_milestone").length).toBeGreaterThan(0);

    const [ada] = await platform.deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.handle, "ada_moreau"));
    const adaBadges = await listBadges(platform.deps, { id: ada?.id as string, role: "user" });
    expect(adaBadges.find((badge) => badge.key === "week-streak")?.earnedTier).toBe(1);
    expect(adaBadges.find((badge) => badge.key === "club-founder")?.earnedTier).toBe(1);
  });

  it("publishes two interactive stories played by the personas, and the lighthouse's paid way to the end", async () => {
    const admin = await demoCaller("admin@demo.test");
    const rows = await admin.stories.adminListStories({});
    expect(rows.map((row) => [row.title, row.status, row.versionNumber]).sort()).toEqual([
      [HARBOUR_TITLE, "published", 1],
      [LANTERN_TITLE, "published", 1],
    ]);
    const lantern = rows.find((row) => row.title === LANTERN_TITLE);
    if (!lantern) throw new Error("no lighthouse story");
    expect(lantern.plays).toBeGreaterThanOrEqual(20);
    expect((await admin.stories.listStatPresets()).map((preset) => [preset.name, preset.storyCount])).toEqual(
      [[DEMO_PRESET_NAME, 1]],
    );
    // The funnel counts the personas' real plays: readers, drop-off and the split at the door.
    const funnel = await admin.stories.getStoryFunnel({ storyId: lantern.id });
    const door = funnel.scenes[0];
    expect(door?.readers).toBe(22);
    expect(door?.choices.reduce((sum, choice) => sum + choice.picks, 0)).toBe(20);
    expect(funnel.scenes.find((scene) => scene.title === "Beacon")?.readers).toBe(8);
    expect(funnel.scenes.reduce((sum, scene) => sum + scene.dropOff, 0)).toBe(14);
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    const dashboard = await admin.stories.getStoriesDashboard({ from, to: today });
    expect(dashboard.plays).toBe(31);
    expect(dashboard.playsByDay.filter((day) => day.plays > 0).length).toBeGreaterThan(3);

    const reader = await demoCaller("reader@demo.test");
    const cards = (await reader.stories.listStories({})).items;
    expect(cards.map((card) => [card.title, card.progress.status]).sort()).toEqual([
      [HARBOUR_TITLE, "playing"],
      [LANTERN_TITLE, "new"],
    ]);
    expect(cards.find((card) => card.title === LANTERN_TITLE)).toMatchObject({
      hasPremiumChoices: true,
      endingCount: 3,
    });

    // The journey the browser test takes: the key, the locked door, the paid wick.
    const storyId = lantern.id;
    const { playId } = await reader.stories.startPlay({ storyId });
    let play = await reader.stories.getPlay({ storyId });
    const pick = async (label: string, price?: number) => {
      const choice = play?.choices.find((candidate) => candidate.label === label);
      if (!play || !choice) throw new Error(`no choice ${label}`);
      const sceneId = play.scene.id;
      await reader.stories.chooseChoice({
        storyId,
        playId,
        sceneId,
        choiceId: choice.id,
        expectedPriceCoins: price,
      });
      play = await reader.stories.getPlay({ storyId });
    };
    await pick("Try the door");
    expect(play?.choices.find((choice) => choice.label === "Unlock the lamp room")).toMatchObject({
      state: "locked",
      lockReason: "Needs Rusted key",
    });
    await pick("Go back down");
    await pick("Search the rocks");
    expect(play?.lastChoice?.sharePercent).toEqual(expect.any(Number));
    expect(play?.stats.map((stat) => [stat.label, stat.value])).toEqual([
      ["Resolve", 2],
      ["Lamp oil", 3],
      ["Rusted key", true],
    ]);
    await pick("Back to the door");
    await pick("Try the door");
    await pick("Unlock the lamp room");
    const before = (await reader.coins.getCoinBalance()).total;
    expect(play?.choices.find((choice) => choice.label === "Fit the brass wick")).toMatchObject({
      state: "priced",
      priceCoins: LANTERN_WICK_PRICE,
    });
    await pick("Fit the brass wick", LANTERN_WICK_PRICE);
    expect(play?.scene.ending).toEqual({ name: "The brightest light" });
    expect((await reader.coins.getCoinBalance()).total).toBe(before - LANTERN_WICK_PRICE);
  });

  it("fills the moderation queue with reports of every kind, a notice and an appeal to hear", async () => {
    const superadmin = await demoCaller("superadmin@demo.test");
    const queue = await superadmin.moderation.getQueue({ state: "all" });
    expect(new Set(queue.items.map((item) => item.target.kind))).toEqual(
      new Set(["club_post", "club_poll", "profile", "reel_comment", "reel", "message", "story", "title"]),
    );
    expect(queue.items[0]).toMatchObject({ hasNotice: true, target: { kind: "title" } });
    expect(queue.appealCount).toBe(1);
    const [appealed] = (await superadmin.moderation.getQueue({ state: "appealed" })).items;
    const review = await superadmin.moderation.getReview({ itemId: appealed?.id ?? "" });
    expect(review.pendingAppeals).toHaveLength(1);
    expect(review.decisions[0]).toMatchObject({ action: "warn", rule: "impersonation" });
  });

  it("runs a paid campaign and a house ad with a week of counts, with one ad in review and one rejected", async () => {
    const superadmin = await demoCaller("superadmin@demo.test");
    const running = await superadmin.ads.getReviewQueue({ status: "active" });
    expect(running).toHaveLength(1);
    const report = await superadmin.ads.getAdminCampaignReport({ campaignId: running[0]?.campaign.id ?? "" });
    expect(report.days.length).toBeGreaterThanOrEqual(7);
    expect(report.days.filter((day) => day.impressions > 0).length).toBeGreaterThanOrEqual(6);
    expect(report.totals.viewable).toBeLessThan(report.totals.impressions);
    expect(report.totals.clicks).toBeGreaterThan(0);
    expect(report.totals.spentCoins).toBeGreaterThan(0);
    expect(await superadmin.ads.getReviewQueue({ status: "in_review" })).toHaveLength(1);
    const [rejected] = await superadmin.ads.getReviewQueue({ status: "rejected" });
    expect(rejected?.campaign.rejectionReason).toMatch(/free coins/);
    const house = await superadmin.ads.listHouseAds();
    expect(house).toHaveLength(1);
    expect(house[0]?.totals.impressions).toBeGreaterThan(0);
    expect((await checkLedger(platform.deps.db)).violations).toEqual([]);
  });

  it("has demo readers on the newsletter, a sent issue with its report, and one scheduled", async () => {
    const superadmin = await demoCaller("superadmin@demo.test");
    const overview = await superadmin.newsletter.getOverview();
    expect(overview.subscribers).toBeGreaterThanOrEqual(20);
    const [scheduled, sent] = overview.issues;
    expect(scheduled?.status).toBe("scheduled");
    expect(sent).toMatchObject({ status: "sent" });
    const report = await superadmin.newsletter.getIssueReport({ issueId: sent?._id ?? "" });
    expect(report.sent).toBe(report.recipients);
    expect(report.recipients).toBeGreaterThanOrEqual(20);
    expect(report.opened).toBeGreaterThan(0);
    expect(report.clicked).toBeGreaterThan(0);
    expect(report.unsubscribed).toBe(1);
    expect((await (await demoCaller("reader@demo.test")).mail.getEmailSettings()).verified).toBe(true);
  });

  it("tells the team only what the seed really did", async () => {
    const { db } = platform.deps;
    const all = await db.select().from(adminNotifications).orderBy(adminNotifications.title);
    // What readers reported and appealed in the demo's moderation queue, each once.
    const moderation = ["New appeal", "New notice of illegal content", "New report"];
    const notices = all.filter((notice) => !moderation.includes(notice.title));
    expect(
      new Set(all.filter((notice) => moderation.includes(notice.title)).map((notice) => notice.title)),
    ).toEqual(new Set(moderation));
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
      [
        expect.stringMatching(/^Ticket #\d+ missed its first reply target$/),
        expect.stringContaining("(high)"),
      ],
      [
        expect.stringMatching(/^Ticket #\d+ missed its first reply target$/),
        expect.stringContaining("(high)"),
      ],
    ]);
  });

  it("adds a dozen reels cut from the demo drama and audiobook covers, linked to their titles, some official", async () => {
    const rows = await platform.deps.db.select().from(reels).where(like(reels.sourceName, "demo:%"));
    expect(rows).toHaveLength(DEMO_REELS.length);
    expect(rows.every((row) => row.status === "published")).toBe(true);
    expect(rows.filter((row) => row.isOfficial).length).toBeGreaterThanOrEqual(5);
    const titles = await platform.deps.db.select({ id: content.id, title: content.title }).from(content);
    for (const demo of DEMO_REELS) {
      const row = rows.find((candidate) => candidate.sourceName === `demo:${demo.key}`);
      const title = titles.find((candidate) => candidate.id === row?.linkContentId)?.title ?? null;
      expect(title, demo.key).toBe(DEMO_TITLES.find((item) => item.slug === demo.slug)?.title ?? null);
      expect(row?.durationMs, demo.key).toBeGreaterThan(3_000);
      const facts = await describeVideo(mediaPath(platform, `reels/${row?.id}/video.mp4`));
      expect(facts, demo.key).toMatchObject({ videoCodec: "h264", audioCodec: "aac", isFastStart: true });
    }

    // The reader (18) sees them all; the trailer of a priced episode is locked for them.
    const reader = await demoCaller("reader@demo.test");
    const first = await reader.reels.listFeed({});
    const second = await reader.reels.listFeed({ cursor: first.nextCursor });
    const cards = [...first.items, ...second.items];
    expect(cards).toHaveLength(DEMO_REELS.length);
    const locked = rows.find((row) => row.sourceName === `demo:${DEMO_LOCKED_REEL_KEY}`);
    expect(cards.find((card) => card.id === locked?.id)?.link).toMatchObject({
      episodeNumber: 5,
      isLocked: true,
    });

    // Demo readers watched and reacted through the reels' own functions.
    const admin = await demoCaller("admin@demo.test");
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const figures = await admin.reels.getReelsAnalytics({ from: weekAgo, to: today });
    expect(figures.totals.views).toBeGreaterThan(10);
    expect(figures.totals.plays).toBeGreaterThan(figures.totals.views);
    expect(figures.totals.likes).toBeGreaterThan(0);
    expect(figures.retention[0]?.share).toBe(1);
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
