// Ads end to end through the router: budgets held and given back on the ledger, review, serving
// within caps, plans, ages and audiences, events counted once and never past the budget,
// crawlers not counted, the upkeep ending campaigns, reports, and who may do what.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { addChapters, createTitle, readerAged } from "../../test/catalogue.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  refusalOf,
  type TestPlatform,
  type TestUser,
} from "../../test/test-platform.ts";
import { checkLedger, creditCoins } from "../coins/index.ts";
import { adCampaigns } from "./schema.ts";
import { adServerFor } from "./serving.ts";
import { runAdsUpkeep } from "./upkeep.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const as = (user: TestUser | null, userAgent = BROWSER) => callerFor(platform, user, { userAgent });
const HOUR = 60 * 60 * 1000;
let keys = 0;

async function withCoins(coins: number, bonus = 0): Promise<TestUser> {
  const user = await readerAged(platform, 18);
  await platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
    creditCoins(platform.deps, tx, user.id, {
      kind: "grant",
      purchased: coins,
      bonus,
      memo: "test coins",
      idempotencyKey: `ads-test:${++keys}`,
    }),
  );
  return user;
}

const balanceOf = async (user: TestUser) => (await as(user).coins.getCoinBalance()).total;
const expectLedgerConsistent = async () =>
  expect((await checkLedger(platform.deps.db)).violations).toEqual([]);

function campaignInput(titleId: string, overrides: Record<string, unknown> = {}) {
  return {
    name: "Spring push",
    target: { kind: "title" as const, id: titleId },
    headline: "A voyage like no other",
    body: "Read the first chapter free.",
    cta: "Read now" as const,
    placements: ["home" as const, "episode-end" as const],
    startsAt: new Date(Date.now() - HOUR).toISOString(),
    endsAt: new Date(Date.now() + 10 * 24 * HOUR).toISOString(),
    pricing: "cpm" as const,
    budgetCoins: 100,
    ...overrides,
  };
}

/** A published title, an advertiser with coins, a campaign for the title approved by the team. */
async function runningCampaign(overrides: Record<string, unknown> = {}, coins = 500) {
  const title = await createTitle(platform, { genres: ["Fantasy"], language: "en" });
  const advertiser = await withCoins(coins);
  const boss = await createUser(platform, "superadmin");
  const { campaignId } = await as(advertiser).ads.createCampaign(campaignInput(title.id, overrides));
  await as(boss).ads.approveCampaign({ campaignId });
  return { title, advertiser, boss, campaignId };
}

const campaignRow = async (campaignId: string) =>
  (await platform.deps.db.select().from(adCampaigns).where(eq(adCampaigns.id, campaignId)))[0];

describe("a paid campaign's budget", () => {
  it("is held on submission, stays through review, and comes back when rejected", async () => {
    const title = await createTitle(platform);
    const advertiser = await withCoins(150, 30);
    const boss = await createUser(platform, "superadmin");
    const { campaignId } = await as(advertiser).ads.createCampaign(campaignInput(title.id));
    expect(await balanceOf(advertiser)).toBe(80);
    const [mine] = await as(advertiser).ads.listMyCampaigns({});
    expect(mine).toMatchObject({ id: campaignId, status: "in_review", budgetCoins: 100, pricing: "cpm" });
    expect(mine?.rates).toEqual({ home: 20, "episode-end": 40 });
    expect(
      (await as(boss).ads.getReviewQueue({ status: "in_review" })).map((entry) => entry.campaign.id),
    ).toEqual([campaignId]);

    const rejected = await as(boss).ads.rejectCampaign({
      campaignId,
      reason: "The picture is not of the title.",
    });
    expect(rejected).toMatchObject({
      status: "rejected",
      rejectionReason: "The picture is not of the title.",
    });
    expect(await balanceOf(advertiser)).toBe(180);
    // The bonus coins came back as bonus coins, with their expiry.
    expect(await as(advertiser).coins.getCoinBalance()).toEqual({ total: 180, purchased: 150, bonus: 30 });
    await expectLedgerConsistent();

    // Edited and resubmitted: held again, waiting again.
    const resubmitted = await as(advertiser).ads.updateCampaign({ campaignId, ...campaignInput(title.id) });
    expect(resubmitted.status).toBe("in_review");
    expect(await balanceOf(advertiser)).toBe(80);
    await expectLedgerConsistent();
  });

  it("is refused, writing nothing, when the wallet holds less", async () => {
    const title = await createTitle(platform);
    const advertiser = await withCoins(60);
    const refusal = await refusalOf(as(advertiser).ads.createCampaign(campaignInput(title.id)));
    expect(refusal).toEqual({
      code: "PRECONDITION_FAILED",
      message: "This budget needs 100 coins and you have 60. Buy 40 more, or lower the budget.",
    });
    expect(await as(advertiser).ads.listMyCampaigns({})).toEqual([]);
    expect(await balanceOf(advertiser)).toBe(60);
  });

  it("refuses bad input with a clear message", async () => {
    const title = await createTitle(platform);
    const advertiser = await withCoins(500);
    const refuse = async (overrides: Record<string, unknown>) =>
      (await refusalOf(as(advertiser).ads.createCampaign(campaignInput(title.id, overrides)))).message;
    expect(await refuse({ budgetCoins: 10 })).toBe("The budget is at least 50 coins");
    expect(await refuse({ placements: [] })).toBe("Choose at least one placement");
    expect(await refuse({ endsAt: new Date(Date.now() - 2 * HOUR).toISOString() })).toBe(
      "The end must come after the start",
    );
    expect(await refuse({ target: { kind: "link", url: "https://example.com" } })).toBe(
      "Ads can promote a title, a club, a story or a reel",
    );
    expect(await refuse({ target: { kind: "title", id: crypto.randomUUID() } })).toBe(
      "There is nothing published of that kind to promote. Choose another.",
    );
    expect(await refuse({ headline: "   " })).toMatch(/headline/i);
    const adultTitle = await createTitle(platform, { ageRating: 18 });
    const teen = await readerAged(platform, 16);
    expect((await refusalOf(as(teen).ads.createCampaign(campaignInput(adultTitle.id)))).message).toBe(
      "That is rated 18+, above your age setting.",
    );
    await as(await createUser(platform, "superadmin")).ads.setAdSettings({
      placements: [{ placement: "home", enabled: false, perHour: 4, perDay: 20, cpmCoins: 20, cpcCoins: 2 }],
      reelsEvery: 6,
      adFreeTiers: ["premium", "vvip"],
    });
    expect(await refuse({})).toBe("Home is not taking ads at the moment.");
    expect(await as(null).ads.getAdLayout()).toEqual({
      placements: ["explore", "reels", "episode-end"],
      reelsEvery: 6,
    });
    expect(await as(advertiser).ads.listMyCampaigns({})).toEqual([]);
  });

  it("is only the owner's to see and change", async () => {
    const { advertiser, campaignId } = await runningCampaign();
    const stranger = await withCoins(500);
    expect(await codeOf(as(stranger).ads.getCampaignReport({ campaignId }))).toBe("NOT_FOUND");
    expect(await codeOf(as(stranger).ads.stopCampaign({ campaignId }))).toBe("NOT_FOUND");
    expect(await codeOf(as(stranger).ads.approveCampaign({ campaignId }))).toBe("FORBIDDEN");
    expect(await codeOf(as(null).ads.listMyCampaigns({}))).toBe("UNAUTHORIZED");
    expect((await as(advertiser).ads.getCampaignReport({ campaignId })).campaign.id).toBe(campaignId);
  });
});

describe("serving and counting", () => {
  it("serves an approved ad, counts each event once, charges views at the agreed price", async () => {
    const { advertiser, campaignId } = await runningCampaign();
    const reader = await readerAged(platform, 18);
    const ad = await as(reader).ads.serveAd({ placement: "home" });
    expect(ad).toMatchObject({
      campaignId,
      placement: "home",
      house: false,
      headline: "A voyage like no other",
    });
    const token = ad?.token as string;
    const events = [
      { token, kind: "impression" as const },
      { token, kind: "viewable" as const },
    ];
    expect(await as(reader).ads.recordAdEvents({ events })).toEqual({ counted: 2 });
    // A retry of the same events counts nothing, after the first send or racing it.
    expect(await as(reader).ads.recordAdEvents({ events })).toEqual({ counted: 0 });
    const again = await as(await readerAged(platform, 18)).ads.serveAd({ placement: "home" });
    const twice = [{ token: again?.token as string, kind: "impression" as const }];
    const racing = await Promise.all([
      as(reader).ads.recordAdEvents({ events: twice }),
      as(reader).ads.recordAdEvents({ events: twice }),
    ]);
    expect(racing.map((answer) => answer.counted).sort()).toEqual([0, 1]);
    expect(await as(reader).ads.recordAdEvents({ events: [{ token, kind: "click" }] })).toEqual({
      counted: 1,
    });
    // A token not ours counts nothing.
    const forged = `${token.slice(0, -4)}AAAA`;
    expect(await as(reader).ads.recordAdEvents({ events: [{ token: forged, kind: "click" }] })).toEqual({
      counted: 0,
    });
    const report = await as(advertiser).ads.getCampaignReport({ campaignId });
    expect(report.totals).toMatchObject({
      impressions: 2,
      viewable: 1,
      clicks: 1,
      spentCoins: 0.02,
      ctr: 0.5,
    });
    expect(report.days.at(-1)).toMatchObject({ impressions: 2, viewable: 1, clicks: 1, spentCoins: 0.02 });
  });

  it("counts nothing from crawlers and serves them nothing", async () => {
    const { campaignId } = await runningCampaign();
    const reader = await readerAged(platform, 18);
    expect(await as(reader, CRAWLER).ads.serveAd({ placement: "home" })).toBeNull();
    const ad = await as(reader).ads.serveAd({ placement: "home" });
    const token = ad?.token as string;
    expect(await as(reader, CRAWLER).ads.recordAdEvents({ events: [{ token, kind: "viewable" }] })).toEqual({
      counted: 0,
    });
    expect((await campaignRow(campaignId))?.viewable).toBe(0);
  });

  it("never spends past the budget, and the upkeep ends the campaign and gives back the rest", async () => {
    const { advertiser, campaignId } = await runningCampaign({ pricing: "cpc", budgetCoins: 50 });
    expect(await balanceOf(advertiser)).toBe(450);
    // Half the schedule gone: pacing lets about half the budget (25 coins) go now.
    await platform.deps.db
      .update(adCampaigns)
      .set({ startsAt: new Date(Date.now() - 10 * 24 * HOUR) })
      .where(eq(adCampaigns.id, campaignId));
    const readers = await Promise.all(Array.from({ length: 40 }, () => readerAged(platform, 18)));
    const clickAll = async () => {
      let served = 0;
      for (const reader of readers) {
        const ad = await as(reader).ads.serveAd({ placement: "home" });
        if (!ad) continue;
        served += 1;
        await as(reader).ads.recordAdEvents({ events: [{ token: ad.token, kind: "click" }] });
      }
      return served;
    };
    // Clicks on home cost 2 coins; pacing stops serving a little past half the budget.
    expect(await clickAll()).toBeLessThan(40);
    const paced = (await campaignRow(campaignId))?.spentMilli ?? 0;
    expect(paced).toBeGreaterThanOrEqual(25_000);
    expect(paced).toBeLessThanOrEqual(34_000);
    // At the end of its schedule it may spend all; 40 more clicks would be 80 coins.
    await platform.deps.db
      .update(adCampaigns)
      .set({ startsAt: new Date(Date.now() - 100 * 24 * HOUR), endsAt: new Date(Date.now() + HOUR) })
      .where(eq(adCampaigns.id, campaignId));
    adServerFor(platform.deps).markStale();
    await clickAll();
    expect((await campaignRow(campaignId))?.spentMilli).toBe(50_000);
    await runAdsUpkeep(platform.deps);
    expect((await campaignRow(campaignId))?.status).toBe("ended");
    expect(await balanceOf(advertiser)).toBe(450);
    await expectLedgerConsistent();
  });

  it("keeps to the hourly cap per person and placement", async () => {
    await runningCampaign();
    const reader = await readerAged(platform, 18);
    const served = [];
    for (let index = 0; index < 6; index++) served.push(await as(reader).ads.serveAd({ placement: "home" }));
    expect(served.filter(Boolean)).toHaveLength(4);
  });

  it("respects age, audience, plans, moderation and the advertiser's own view", async () => {
    const adult = await createTitle(platform, { ageRating: 18, genres: ["Romance"] });
    const advertiser = await withCoins(500);
    const boss = await createUser(platform, "superadmin");
    const { campaignId } = await as(advertiser).ads.createCampaign(
      campaignInput(adult.id, { audience: { contentTypes: [], genres: ["fantasy"], languages: [] } }),
    );
    await as(boss).ads.approveCampaign({ campaignId });
    const fantasy = await createTitle(platform, { genres: ["Fantasy"] });
    const romance = await createTitle(platform, { genres: ["Romance"] });
    const teen = await readerAged(platform, 16);
    const grownUp = await readerAged(platform, 18);
    expect(await as(teen).ads.serveAd({ placement: "episode-end", contentId: fantasy.id })).toBeNull();
    expect(await as(grownUp).ads.serveAd({ placement: "episode-end", contentId: romance.id })).toBeNull();
    expect(await as(grownUp).ads.serveAd({ placement: "episode-end", contentId: fantasy.id })).toMatchObject({
      campaignId,
    });
    expect(await as(advertiser).ads.serveAd({ placement: "episode-end", contentId: fantasy.id })).toBeNull();

    const member = await readerAged(platform, 18);
    const memberEmail = `member-${crypto.randomUUID()}@test.invalid`;
    await platform.deps.db.execute(
      // The grant's function wants an email: give the member one.
      (await import("drizzle-orm")).sql`update users set email = ${memberEmail} where id = ${member.id}`,
    );
    await as(boss).vvip.grantVvip({
      email: memberEmail,
      reason: "Testing ad-free plans",
      endsAt: new Date(Date.now() + 30 * 24 * HOUR),
    });
    expect(await as(member).ads.serveAd({ placement: "episode-end", contentId: fantasy.id })).toBeNull();

    // A reader reports it; a moderator hides it: it stops serving at once.
    await as(grownUp).moderation.report({
      kind: "ad",
      id: campaignId,
      category: "sexual_content",
      details: "",
    });
    const queue = await as(boss).moderation.getQueue({});
    const item = queue.items.find((entry) => entry.target.kind === "ad");
    expect(item?.target).toMatchObject({ id: campaignId, exists: true });
    await as(boss).moderation.decide({
      itemId: item?.id as string,
      action: "hide",
      audience: "everyone",
      rule: "spam",
      explanation: "This ad misleads readers about what the title is.",
    });
    // The hiding reaches the choice of ads as soon as its announcement does.
    await vi.waitFor(async () => {
      const other = await readerAged(platform, 18);
      expect(await as(other).ads.serveAd({ placement: "episode-end", contentId: fantasy.id })).toBeNull();
    });
    expect((await as(advertiser).ads.listMyCampaigns({}))[0]?.hidden).toBe(true);
  });

  it("serves house ads first, alongside, or only to fill, as the team chose", async () => {
    const title = await createTitle(platform);
    await addChapters(platform, title.id, 1);
    const boss = await createUser(platform, "superadmin");
    const house = (priority: "first" | "equal" | "fill", name: string) =>
      as(boss).ads.createHouseAd({
        name,
        target: { kind: "plan" },
        headline: `Premium: ${name}`,
        cta: "See plans",
        placements: ["reels"],
        priority,
        startsAt: new Date(Date.now() - HOUR).toISOString(),
        endsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
      });
    const { campaignId: fill } = await house("fill", "filler");
    const reader = await readerAged(platform, 18);
    expect(await as(reader).ads.serveAd({ placement: "reels" })).toMatchObject({
      campaignId: fill,
      house: true,
      href: "/subscription/plans",
    });
    const { campaignId: first } = await house("first", "first");
    const another = await readerAged(platform, 18);
    expect((await as(another).ads.serveAd({ placement: "reels" }))?.campaignId).toBe(first);
    expect(await codeOf(as(reader).ads.createHouseAd({} as never))).toBe("FORBIDDEN");
    expect(
      await codeOf(
        as(await readerAged(platform, 18)).ads.setHouseAdState({ campaignId: first, state: "paused" }),
      ),
    ).toBe("FORBIDDEN");
    await as(boss).ads.setHouseAdState({ campaignId: first, state: "paused" });
    const third = await readerAged(platform, 18);
    expect((await as(third).ads.serveAd({ placement: "reels" }))?.campaignId).toBe(fill);
  });
});

describe("the campaign's life", () => {
  it("pauses, resumes, and on stop settles what it spent and gives back the rest", async () => {
    const { advertiser, campaignId } = await runningCampaign({ pricing: "cpc" });
    const readers = await Promise.all(Array.from({ length: 3 }, () => readerAged(platform, 18)));
    for (const reader of readers) {
      const ad = await as(reader).ads.serveAd({ placement: "home" });
      expect(ad?.campaignId).toBe(campaignId);
      await as(reader).ads.recordAdEvents({ events: [{ token: ad?.token as string, kind: "click" }] });
    }
    expect((await as(advertiser).ads.pauseCampaign({ campaignId })).status).toBe("paused");
    expect(await as(readers[0] as TestUser).ads.serveAd({ placement: "home" })).toBeNull();
    expect((await as(advertiser).ads.resumeCampaign({ campaignId })).status).toBe("active");
    expect(await codeOf(as(advertiser).ads.resumeCampaign({ campaignId }))).toBe("CONFLICT");
    const stopped = await as(advertiser).ads.stopCampaign({ campaignId });
    expect(stopped).toMatchObject({ status: "stopped", totals: { clicks: 3, spentCoins: 6 } });
    expect(await balanceOf(advertiser)).toBe(494);
    await expectLedgerConsistent();
    // Settled spend shows as such; the wallet's history shows the hold and what came back.
    const wallet = await as(advertiser).coins.getWallet({});
    expect(wallet.entries.map((entry) => entry.kind)).toEqual(["ad_release", "ad_hold", "grant"]);
    expect(
      await codeOf(as(advertiser).ads.updateCampaign({ campaignId, ...campaignInput(crypto.randomUUID()) })),
    ).toBe("NOT_FOUND");
  });

  it("sends an edited creative back to review, but not an edited budget", async () => {
    const { title, advertiser, boss, campaignId } = await runningCampaign();
    const raised = await as(advertiser).ads.updateCampaign({
      campaignId,
      ...campaignInput(title.id, { budgetCoins: 200 }),
    });
    expect(raised.status).toBe("active");
    expect(await balanceOf(advertiser)).toBe(300);
    const lowered = await as(advertiser).ads.updateCampaign({
      campaignId,
      ...campaignInput(title.id, { budgetCoins: 60 }),
    });
    expect(lowered.status).toBe("active");
    expect(await balanceOf(advertiser)).toBe(440);
    const edited = await as(advertiser).ads.updateCampaign({
      campaignId,
      ...campaignInput(title.id, { budgetCoins: 60, headline: "A new voyage" }),
    });
    expect(edited.status).toBe("in_review");
    expect(await as(await readerAged(platform, 18)).ads.serveAd({ placement: "home" })).toBeNull();
    await as(boss).ads.approveCampaign({ campaignId });
    expect((await as(await readerAged(platform, 18)).ads.serveAd({ placement: "home" }))?.headline).toBe(
      "A new voyage",
    );
    await expectLedgerConsistent();
  });

  it("ends with its schedule, giving back what it did not spend", async () => {
    const { advertiser, campaignId } = await runningCampaign();
    await platform.deps.db
      .update(adCampaigns)
      .set({ endsAt: new Date(Date.now() - 1000), startsAt: new Date(Date.now() - 2 * HOUR) })
      .where(eq(adCampaigns.id, campaignId));
    expect(await runAdsUpkeep(platform.deps)).toMatchObject({ ended: 1 });
    expect((await campaignRow(campaignId))?.status).toBe("ended");
    expect(await balanceOf(advertiser)).toBe(500);
    await expectLedgerConsistent();
  });
});
