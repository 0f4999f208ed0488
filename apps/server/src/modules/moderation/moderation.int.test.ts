// Moderation end to end on the services: reports grouped into one item, weighted, hidden at a
// threshold; claims; decisions with statements of reasons; appeals heard by another moderator
// that undo a decision's effects; notices from anyone; transparency; who may call what.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTitle } from "../../test/catalogue.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  refusalOf,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { adminPermissions } from "../permissions/schema.ts";
import { moderationItems } from "../reports/schema.ts";
import { users } from "../users/schema.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const as = (user: TestUser | null) => callerFor(platform, user);

/** A public club with a post by its author, and readers who joined it. */
async function clubWithPost(readers = 3) {
  const author = await createUser(platform);
  const { clubId } = await as(author).clubs.createClub({ name: "Night Readers", privacy: "public" });
  const { postId } = await as(author).clubs.createClubPost({
    clubId,
    body: "Buy cheap coins at example.test",
  });
  const others: TestUser[] = [];
  for (let index = 0; index < readers; index++) {
    const reader = await createUser(platform);
    await as(reader).clubs.joinClub({ clubId });
    others.push(reader);
  }
  return { author, clubId, postId, readers: others };
}

const report = (user: TestUser, id: string, category: "spam" | "self_harm" | "harassment_hate" = "spam") =>
  as(user).moderation.report({ kind: "club_post", id, category, details: "" });

const postTexts = async (reader: TestUser, clubId: string) =>
  (await as(reader).clubs.listClubPosts({ clubId, milestoneId: null })).items.map((post) => post.body);

describe("reports", () => {
  it("group into one item per target, weighted, most severe first, live", async () => {
    const boss = await createUser(platform, "superadmin");
    const { postId, readers } = await clubWithPost(3);
    const queue = watchLiveRuns(platform, () => as(boss).moderation.getQueue({}));
    await queue.waitForRuns(1);
    expect(queue.latest?.items).toEqual([]);

    await report(readers[0] as TestUser, postId);
    await report(readers[1] as TestUser, postId, "harassment_hate");
    // Reporting again while the first is open changes nothing.
    expect(await report(readers[0] as TestUser, postId)).toEqual({ isNew: false });
    await queue.waitForRuns(2);
    queue.stop();
    const page = await as(boss).moderation.getQueue({});
    expect(page.pendingCount).toBe(1);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      target: { kind: "club_post", id: postId, text: "Buy cheap coins at example.test", exists: true },
      category: "harassment_hate",
      reportCount: 2,
      weight: 2,
      state: "pending",
      isAutoHidden: false,
    });
    expect(page.items[0]?.categories).toEqual([
      { category: "harassment_hate", count: 1 },
      { category: "spam", count: 1 },
    ]);

    // A self-harm report of another item goes above it, whatever the weight.
    const other = await clubWithPost(1);
    await report(other.readers[0] as TestUser, other.postId, "self_harm");
    const ordered = await as(boss).moderation.getQueue({});
    expect(ordered.items.map((item) => item.target.id)).toEqual([other.postId, postId]);
    expect(
      (await as(boss).moderation.getQueue({ category: "spam" })).items.map((item) => item.target.id),
    ).toEqual([postId]);

    // The reporter cannot report their own post, nor a post in a club they cannot see.
    const { author } = await clubWithPost(0);
    expect(await codeOf(report(author, postId))).toBe("OK");
    const own = await clubWithPost(0);
    expect(await refusalOf(report(own.author, own.postId))).toMatchObject({ code: "BAD_REQUEST" });
    expect(
      await codeOf(as(author).moderation.report({ kind: "address", id: postId, category: "spam" })),
    ).toBe("BAD_REQUEST");
  });

  it("hide an item at once when their weight reaches the category's threshold, and tell the author", async () => {
    const boss = await createUser(platform, "superadmin");
    await as(boss).moderation.setHideThresholds({ thresholds: { spam: 2 } });
    const { author, clubId, postId, readers } = await clubWithPost(3);
    await report(readers[0] as TestUser, postId);
    expect(await postTexts(readers[2] as TestUser, clubId)).toEqual(["Buy cheap coins at example.test"]);
    await report(readers[1] as TestUser, postId);
    const [item] = (await as(boss).moderation.getQueue({})).items;
    expect(item).toMatchObject({ isAutoHidden: true, state: "pending" });
    expect(await postTexts(readers[2] as TestUser, clubId)).toEqual([]);
    const notices = await as(author).notifications.listNotifications({});
    expect(notices.items[0]?.title).toBe("Your club post is hidden while we review it");
    // A moderator who finds nothing wrong shows it again.
    await as(boss).moderation.decide({ itemId: item?.id ?? "", action: "dismiss", explanation: "" });
    expect(await postTexts(readers[2] as TestUser, clubId)).toEqual(["Buy cheap coins at example.test"]);
  });
});

describe("deciding", () => {
  it("removes with a statement of reasons, settles the reports and weighs the reporters", async () => {
    const boss = await createUser(platform, "superadmin");
    const { author, clubId, postId, readers } = await clubWithPost(2);
    await report(readers[0] as TestUser, postId);
    const [item] = (await as(boss).moderation.getQueue({})).items;
    const itemId = item?.id ?? "";

    // Claimed by one moderator, the item is not another's to decide.
    const other = await createUser(platform, "superadmin");
    await as(boss).moderation.claimItem({ itemId });
    expect(await refusalOf(as(other).moderation.claimItem({ itemId }))).toMatchObject({ code: "CONFLICT" });
    expect(
      await codeOf(
        as(other).moderation.decide({
          itemId,
          action: "warn",
          rule: "spam",
          explanation: "Adverts are spam.",
        }),
      ),
    ).toBe("CONFLICT");
    // Refused without a rule, and without the law for illegal content.
    expect(
      await codeOf(as(boss).moderation.decide({ itemId, action: "remove", explanation: "Spam, sorry." })),
    ).toBe("BAD_REQUEST");
    expect(
      await codeOf(
        as(boss).moderation.decide({
          itemId,
          action: "remove",
          rule: "illegal_content",
          explanation: "Illegal.",
        }),
      ),
    ).toBe("BAD_REQUEST");

    const decision = await as(boss).moderation.decide({
      itemId,
      action: "remove",
      rule: "spam",
      explanation: "Adverts for coin sellers are spam.",
    });
    expect(decision).toMatchObject({ action: "remove", rule: "spam", isStrike: true, reversedAt: null });
    expect(await postTexts(readers[1] as TestUser, clubId)).toEqual([]);
    const review = await as(boss).moderation.getReview({ itemId });
    expect(review.item.state).toBe("decided");
    expect(review.reports.map((entry) => entry.status)).toEqual(["upheld"]);
    expect(review.authorHistory?.activeStrikes).toBe(1);

    // The author has the statement; the reporter learns the outcome and weighs more next time.
    const mine = await as(author).moderation.listMyDecisions();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ action: "remove", explanation: "Adverts for coin sellers are spam." });
    expect((await as(author).notifications.listNotifications({})).items[0]?.title).toBe(
      "A decision about your club post",
    );
    const reports = await as(readers[0] as TestUser).moderation.listMyReports({});
    expect(reports.reports[0]).toMatchObject({
      status: "upheld",
      outcome: "Removed (Spam and manipulation).",
    });
    const next = await clubWithPost(0);
    await report(readers[0] as TestUser, next.postId);
    const weighed = (await as(boss).moderation.getQueue({})).items.find(
      (entry) => entry.target.id === next.postId,
    );
    expect(weighed?.weight).toBeCloseTo(1.33, 2);
  });

  it("hears an appeal by another moderator, and an upheld one undoes the decision's effects", async () => {
    const boss = await createUser(platform, "superadmin");
    const second = await createUser(platform, "superadmin");
    const { author, clubId, postId, readers } = await clubWithPost(1);
    await report(readers[0] as TestUser, postId);
    const itemId = (await as(boss).moderation.getQueue({})).items[0]?.id ?? "";
    const decision = await as(boss).moderation.decide({
      itemId,
      action: "suspend",
      rule: "spam",
      suspendDays: 3,
      explanation: "Repeated adverts after a warning.",
    });
    const [row] = await platform.deps.db.select().from(users).where(eq(users.id, author.id));
    expect(row?.suspendedUntil?.getTime()).toBeGreaterThan(Date.now() + 2 * 86_400_000);

    // Someone else's decision is not theirs to appeal.
    expect(
      await codeOf(
        as(readers[0] as TestUser).moderation.appealDecision({
          decisionId: decision.id,
          explanation: "Not mine at all",
        }),
      ),
    ).toBe("NOT_FOUND");
    // Suspended, the author cannot sign in: the link in their statement (and in the sign-in
    // refusal) lets them read the decision and appeal without.
    expect(await codeOf(as(author).moderation.listMyDecisions())).toBe("FORBIDDEN");
    const key = row?.restrictionReason?.match(/\/appeal\/([\w-]+)/)?.[1] ?? "";
    expect(await as(null).moderation.getAppealByKey({ key })).toMatchObject({
      id: decision.id,
      action: "suspend",
    });
    const appeal = await as(null).moderation.appealByKey({
      key,
      explanation: "It was a joke among friends.",
    });
    expect(await codeOf(as(null).moderation.appealByKey({ key, explanation: "Once more, please" }))).toBe(
      "CONFLICT",
    );
    expect((await as(boss).moderation.getQueue({ state: "appealed" })).items.map((item) => item.id)).toEqual([
      itemId,
    ]);
    expect(
      await refusalOf(
        as(boss).moderation.decideAppeal({
          appealId: appeal.id,
          outcome: "upheld",
          reply: "On reflection, fine.",
        }),
      ),
    ).toEqual({ code: "FORBIDDEN", message: "A different moderator decides an appeal." });

    await as(second).moderation.decideAppeal({
      appealId: appeal.id,
      outcome: "upheld",
      reply: "We read the thread again: it was a joke.",
    });
    const [lifted] = await platform.deps.db.select().from(users).where(eq(users.id, author.id));
    expect(lifted?.suspendedUntil).toBeNull();
    const [after] = await as(author).moderation.listMyDecisions();
    expect(after?.reversedAt).not.toBeNull();
    expect(after?.appeal).toMatchObject({
      state: "upheld",
      reply: "We read the thread again: it was a joke.",
    });
    expect(await postTexts(readers[0] as TestUser, clubId)).toEqual(["Buy cheap coins at example.test"]);
    const review = await as(boss).moderation.getReview({ itemId });
    expect(review.authorHistory?.activeStrikes).toBe(0);
  });

  it("freezes earnings until an upheld appeal", async () => {
    const boss = await createUser(platform, "superadmin");
    const second = await createUser(platform, "superadmin");
    const { author, postId, readers } = await clubWithPost(1);
    await report(readers[0] as TestUser, postId);
    const itemId = (await as(boss).moderation.getQueue({})).items[0]?.id ?? "";
    const decision = await as(boss).moderation.decide({
      itemId,
      action: "restrict_earning",
      rule: "spam",
      explanation: "Earning from spam is not allowed.",
    });
    const frozen = async () =>
      (await platform.deps.db.select().from(users).where(eq(users.id, author.id)))[0]?.earningsFrozenAt ??
      null;
    expect(await frozen()).not.toBeNull();
    // While frozen, rewards pay nothing.
    await as(author).rewards.checkIn();
    expect((await as(author).coins.getCoinBalance()).bonus).toBe(0);
    const appeal = await as(author).moderation.appealDecision({
      decisionId: decision.id,
      explanation: "I stopped it.",
    });
    await as(second).moderation.decideAppeal({
      appealId: appeal.id,
      outcome: "upheld",
      reply: "Fair enough, lifted.",
    });
    expect(await frozen()).toBeNull();
  });
});

describe("notices of illegal content", () => {
  it("come from anyone, go first in the queue, and give the sender a receipt and later the decision", async () => {
    const boss = await createUser(platform, "superadmin");
    const { postId, readers } = await clubWithPost(1);
    await report(readers[0] as TestUser, postId, "self_harm");
    const title = await createTitle(platform);
    const { reference } = await as(null).moderation.submitNotice({
      url: `https://litverse.example/content/${title.id}`,
      explanation: "This book reproduces a copyrighted work in full without a licence.",
      legalGround: "Copyright law, Directive 2001/29/EC",
      name: "Rights Holder",
      email: "rights@example.test",
      goodFaith: true,
    });
    expect(await as(null).moderation.getNotice({ reference })).toMatchObject({
      status: "received",
      outcome: null,
    });
    const queue = await as(boss).moderation.getQueue({});
    expect(queue.items[0]).toMatchObject({ hasNotice: true, target: { kind: "title", id: title.id } });
    const review = await as(boss).moderation.getReview({ itemId: queue.items[0]?.id ?? "" });
    expect(review.reports[0]).toMatchObject({
      source: "notice",
      senderName: "Rights Holder",
      legalGround: "Copyright law, Directive 2001/29/EC",
      reporter: null,
    });
    await as(boss).moderation.decide({
      itemId: queue.items[0]?.id ?? "",
      action: "hide",
      audience: "everyone",
      rule: "illegal_content",
      legalGround: "Copyright law, Directive 2001/29/EC",
      explanation: "The rights holder showed the work is theirs.",
    });
    expect(await as(null).moderation.getNotice({ reference })).toMatchObject({
      status: "decided",
      outcome: "Hidden (Illegal content).",
    });

    // An address that leads to nothing known is an item of its own; bad input changes nothing.
    await as(null).moderation.submitNotice({
      url: "https://elsewhere.example/some/page",
      explanation: "A page that is illegal in my country for these reasons.",
      legalGround: "Some law",
      name: "A Person",
      email: "person@example.test",
      goodFaith: true,
    });
    expect((await as(boss).moderation.getQueue({ kind: "address" })).items).toHaveLength(1);
    expect(
      await codeOf(
        as(null).moderation.submitNotice({
          url: "javascript:alert(1)",
          explanation: "x".repeat(30),
          legalGround: "Law",
          name: "A",
          email: "a@example.test",
          goodFaith: true,
        }),
      ),
    ).toBe("BAD_REQUEST");
    expect(await codeOf(as(null).moderation.getNotice({ reference: "x".repeat(24) }))).toBe("NOT_FOUND");

    const today = new Date().toISOString().slice(0, 10);
    const transparency = await as(boss).moderation.getTransparencyReport({ from: today, to: today });
    expect(transparency.reportsByCategory).toEqual([
      { category: "illegal_content", reports: 0, notices: 2 },
      { category: "self_harm", reports: 1, notices: 0 },
    ]);
    expect(transparency.decisionsByAction).toEqual([{ action: "hide", automated: 0, human: 1 }]);
    const { csv, count } = await as(boss).moderation.exportStatementsOfReasons({ from: today, to: today });
    expect(count).toBe(1);
    expect(csv.split("\r\n")[1]).toContain("DECISION_GROUND_ILLEGAL_CONTENT");
    expect(csv.split("\r\n")[1]).toContain("SOURCE_ARTICLE_16");
  });
});

describe("who may", () => {
  it("read the queue with the moderation section's view, and decide only with manage", async () => {
    const { postId, readers } = await clubWithPost(1);
    await report(readers[0] as TestUser, postId);
    const viewer = await createUser(platform, "admin");
    await platform.deps.db
      .insert(adminPermissions)
      .values({ userId: viewer.id, templateId: null, overrides: { moderation: "view" } });
    const items = (await as(viewer).moderation.getQueue({})).items;
    expect(items).toHaveLength(1);
    expect(
      await codeOf(
        as(viewer).moderation.decide({ itemId: items[0]?.id ?? "", action: "dismiss", explanation: "" }),
      ),
    ).toBe("FORBIDDEN");
    expect(await codeOf(as(readers[0] as TestUser).moderation.getQueue({}))).toBe("FORBIDDEN");
    expect(await codeOf(as(null).moderation.listMyReports({}))).toBe("UNAUTHORIZED");
    const [row] = await platform.deps.db.select().from(moderationItems);
    expect(row?.claimedBy).toBeNull();
  });
});
