// Random lives of paid campaigns (submitted, reviewed, edited, served, seen, clicked, paused,
// stopped, run out, ended), with the ledger checker and the coins' conservation checked after
// every step: what the advertiser had is always what the wallet holds, plus what the holds keep,
// plus what was spent; and no campaign ever spends past its budget.

import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTitle, readerAged } from "../../test/catalogue.ts";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
} from "../../test/test-platform.ts";
import { checkLedger, creditCoins } from "../coins/index.ts";
import { adCampaigns } from "./schema.ts";
import { runAdsUpkeep } from "./upkeep.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());

const BROWSER =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15";
const HOUR = 60 * 60 * 1000;

type Step =
  | { op: "create"; budget: number; pricing: "cpm" | "cpc" }
  | { op: "approve" | "reject" | "pause" | "resume" | "stop" | "end"; pick: number }
  | { op: "budget"; pick: number; budget: number }
  | { op: "traffic"; views: number; clicks: number; retry: boolean }
  | { op: "upkeep" };

const pick = fc.nat();
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant("create" as const),
      budget: fc.integer({ min: 50, max: 400 }),
      pricing: fc.constantFrom("cpm" as const, "cpc" as const),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant("approve" as const), pick }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constantFrom(
        "reject" as const,
        "pause" as const,
        "resume" as const,
        "stop" as const,
        "end" as const,
      ),
      pick,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("budget" as const),
      pick,
      budget: fc.integer({ min: 50, max: 400 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant("traffic" as const),
      views: fc.integer({ min: 0, max: 30 }),
      clicks: fc.integer({ min: 0, max: 12 }),
      retry: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ op: "upkeep" as const }) },
);

describe("ads on the ledger", () => {
  it("keep every coin accounted for through random campaigns", async () => {
    const title = await createTitle(platform);
    const boss = await createUser(platform, "superadmin");
    const readers = await Promise.all(Array.from({ length: 16 }, () => readerAged(platform, 18)));
    // Caps high enough that the readers keep seeing ads through every run.
    await callerFor(platform, boss).ads.setAdSettings({
      placements: (["home", "explore"] as const).map((placement) => ({
        placement,
        enabled: true,
        perHour: 60,
        perDay: 500,
        cpmCoins: 500,
        cpcCoins: 7,
      })),
      reelsEvery: 6,
      adFreeTiers: ["premium", "vvip"],
    });
    let run = 0;
    let charged = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        run += 1;
        const advertiser = await readerAged(platform, 18);
        const START = 1_000;
        await platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
          creditCoins(platform.deps, tx, advertiser.id, {
            kind: "grant",
            purchased: 700,
            bonus: 300,
            memo: "test",
            idempotencyKey: `ads-property:${run}`,
          }),
        );
        const as = (user: TestUser) => callerFor(platform, user, { userAgent: BROWSER });
        const campaigns: string[] = [];
        const choose = (index: number) => campaigns[index % Math.max(1, campaigns.length)];
        const attempt = async (call: () => Promise<unknown>) => {
          try {
            await call();
          } catch (error) {
            // Refusals (not enough coins, a state that does not allow it) change nothing.
            expect(["CONFLICT", "PRECONDITION_FAILED", "BAD_REQUEST", "NOT_FOUND"]).toContain(
              (error as { code?: string }).code,
            );
          }
        };
        for (const current of steps) {
          const id = choose("pick" in current ? current.pick : 0);
          if (current.op === "create") {
            await attempt(async () => {
              const { campaignId } = await as(advertiser).ads.createCampaign({
                name: `Run ${run}`,
                target: { kind: "title", id: title.id },
                headline: "Read it",
                cta: "Read now",
                placements: ["home", "explore"],
                startsAt: new Date(Date.now() - 30 * 24 * HOUR).toISOString(),
                endsAt: new Date(Date.now() + HOUR).toISOString(),
                pricing: current.pricing,
                budgetCoins: current.budget,
              });
              campaigns.push(campaignId);
            });
          } else if (!id) {
            continue;
          } else if (current.op === "approve") {
            await attempt(() => as(boss).ads.approveCampaign({ campaignId: id }));
          } else if (current.op === "reject") {
            await attempt(() => as(boss).ads.rejectCampaign({ campaignId: id, reason: "Not this one." }));
          } else if (current.op === "pause" || current.op === "resume" || current.op === "stop") {
            const call = { pause: "pauseCampaign", resume: "resumeCampaign", stop: "stopCampaign" } as const;
            const name = call[current.op];
            await attempt(() => as(advertiser).ads[name]({ campaignId: id }));
          } else if (current.op === "end") {
            await platform.deps.db
              .update(adCampaigns)
              .set({ endsAt: new Date(Date.now() - 1000) })
              .where(eq(adCampaigns.id, id));
            await runAdsUpkeep(platform.deps);
          } else if (current.op === "budget") {
            await attempt(async () => {
              const [mine] = (await as(advertiser).ads.listMyCampaigns({})).filter((c) => c.id === id);
              if (!mine) return;
              await as(advertiser).ads.updateCampaign({
                campaignId: id,
                name: mine.name,
                target: { kind: "title", id: title.id },
                headline: mine.creative.headline,
                cta: mine.creative.cta,
                placements: mine.placements,
                startsAt: mine.startsAt,
                endsAt: mine.endsAt,
                pricing: mine.pricing ?? "cpm",
                budgetCoins: current.budget,
              });
            });
          } else if (current.op === "traffic") {
            const events: { token: string; kind: "impression" | "viewable" | "click" }[] = [];
            for (let index = 0; index < Math.max(current.views, current.clicks); index++) {
              const reader = readers[index % readers.length] as TestUser;
              const ad = await as(reader).ads.serveAd({ placement: index % 2 ? "home" : "explore" });
              if (!ad) continue;
              events.push({ token: ad.token, kind: "impression" });
              if (index < current.views) events.push({ token: ad.token, kind: "viewable" });
              if (index < current.clicks) events.push({ token: ad.token, kind: "click" });
            }
            for (let start = 0; start < events.length; start += 20) {
              const chunk = events.slice(start, start + 20);
              await as(readers[0] as TestUser).ads.recordAdEvents({ events: chunk });
              if (current.retry) await as(readers[0] as TestUser).ads.recordAdEvents({ events: chunk });
            }
          } else {
            await runAdsUpkeep(platform.deps);
          }

          expect((await checkLedger(platform.deps.db)).violations).toEqual([]);
          const rows = await platform.deps.db
            .select()
            .from(adCampaigns)
            .where(eq(adCampaigns.ownerId, advertiser.id));
          for (const row of rows) expect(row.spentMilli).toBeLessThanOrEqual((row.budgetCoins ?? 0) * 1000);
          const wallet = (await as(advertiser).coins.getCoinBalance()).total;
          const held = rows.reduce(
            (sum, row) => sum + row.heldCoins - row.settledCoins - row.releasedCoins,
            0,
          );
          const settled = rows.reduce((sum, row) => sum + row.settledCoins, 0);
          expect(wallet + held + settled).toBe(START);
          charged = Math.max(charged, ...rows.map((row) => row.spentMilli));
        }
      }),
      { numRuns: 12 },
    );
    // The runs did spend: the property was not checked on idle campaigns only.
    expect(charged).toBeGreaterThan(0);
  }, 240_000);
});
