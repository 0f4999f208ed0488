// The demo's ads, made through the same functions as real use: demo personas buy nothing new but
// spend coins they are granted on campaigns, the superadmin approves one and rejects another, and
// the team runs a house ad for the plans. A week of counts comes through the event counting
// itself, with tokens issued on each past day, and the upkeep settles the spend to the ledger.
import type { AdPlacement } from "@litverse/shared/ads";
import type { Age } from "@litverse/shared/constants";
import { and, asc, eq, isNotNull, lte, type SQL } from "drizzle-orm";
import { EMBEDDED_ISSUER_KEY } from "../../auth/identity.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { creditCoins } from "../coins/index.ts";
import { content } from "../content/schema.ts";
import { DEMO_PERSONA_ISSUER } from "../users/index.ts";
import { users } from "../users/schema.ts";
import { createCampaign } from "./campaigns.service.ts";
import { recordAdEvents } from "./events.ts";
import { createHouseAd } from "./house.service.ts";
import { approveCampaign, rejectCampaign } from "./review.service.ts";
import { adCampaigns } from "./schema.ts";
import { adTokens } from "./tokens.ts";
import { runAdsUpkeep } from "./upkeep.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const HISTORY_DAYS = 6;
const DEMO_BROWSER =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

async function viewer(deps: ServiceDeps, where: SQL | undefined): Promise<Viewer | null> {
  const [row] = await deps.db
    .select({ id: users.id, role: users.role, age: users.age })
    .from(users)
    .where(where);
  return row ? { id: row.id, role: row.role, age: row.age as Age | null } : null;
}

/**
 * A day of an ad's life as pages would report it: `shown` showings to the people given in turn,
 * about seven in ten seen for a second, about one in thirty clicked.
 */
async function countDay(
  deps: ServiceDeps,
  campaignId: string,
  placements: readonly AdPlacement[],
  people: readonly string[],
  day: Date,
  shown: number,
): Promise<void> {
  const tokens = await adTokens(deps.db);
  // The day's showings spread over its first twelve hours, or until now for today.
  const until = Math.min(day.getTime() + 12 * 60 * 60 * 1000, Date.now() - 60_000);
  if (until <= day.getTime()) return;
  const events: { token: string; kind: "impression" | "viewable" | "click" }[] = [];
  for (let index = 0; index < shown; index++) {
    const at = new Date(day.getTime() + (index * (until - day.getTime())) / shown);
    const token = tokens.issue(
      {
        campaignId,
        placement: placements[index % placements.length] as AdPlacement,
        userId: people[index % people.length] ?? null,
      },
      at,
    );
    events.push({ token, kind: "impression" });
    if (index % 10 < 7) events.push({ token, kind: "viewable" });
    if (index % 30 === 7) events.push({ token, kind: "click" });
  }
  await recordAdEvents(deps, { userAgent: DEMO_BROWSER }, events, new Date(until));
}

export async function seedDemoAds(deps: ServiceDeps): Promise<number> {
  const [already] = await deps.db.select({ id: adCampaigns.id }).from(adCampaigns).limit(1);
  if (already) return 0;
  const boss = await viewer(
    deps,
    and(eq(users.issuer, EMBEDDED_ISSUER_KEY), eq(users.email, "superadmin@demo.test")),
  );
  const personas = await deps.db
    .select({ id: users.id, role: users.role, age: users.age })
    .from(users)
    .where(and(eq(users.issuer, DEMO_PERSONA_ISSUER), isNotNull(users.handle)))
    .orderBy(asc(users.subject))
    .limit(12);
  const titles = await deps.db
    .select({ id: content.id, title: content.title })
    .from(content)
    .where(and(eq(content.status, "published"), lte(content.ageRating, 13)))
    .orderBy(asc(content.title))
    .limit(3);
  const [first, second, third] = titles;
  if (!boss || personas.length < 3 || !first || !second || !third) return 0;
  const [runner, waiting, refused] = personas.map((row) => ({
    id: row.id,
    role: row.role,
    age: row.age as Age | null,
  }));
  if (!runner || !waiting || !refused) return 0;
  const now = Date.now();
  const start = new Date(now - (HISTORY_DAYS + 1) * DAY_MS);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    for (const [index, person] of [runner, waiting, refused].entries()) {
      await creditCoins(deps, tx, person.id, {
        kind: "grant",
        purchased: 600,
        memo: "Coins for the demo's ads",
        idempotencyKey: `demo-ads:${index}`,
      });
    }
  });
  const base = {
    cta: "Read now" as const,
    audience: { contentTypes: [], genres: [], languages: [] },
    startsAt: start.toISOString(),
    endsAt: new Date(now + 24 * DAY_MS).toISOString(),
  };
  const running = await createCampaign(deps, runner, {
    ...base,
    name: `${first.title}: spring readers`,
    target: { kind: "title", id: first.id },
    headline: `Start ${first.title} tonight`,
    body: "The first chapters are free. Readers call it impossible to put down.",
    placements: ["home", "explore", "episode-end"],
    pricing: "cpm",
    budgetCoins: 400,
  });
  await approveCampaign(deps, boss, running.campaignId);
  const house = await createHouseAd(deps, boss, {
    ...base,
    name: "Premium: read without ads",
    target: { kind: "plan" },
    headline: "Read without ads, every episode unlocked",
    body: "Premium members see no ads and read every Premium episode.",
    cta: "See plans",
    placements: ["home", "reels", "episode-end"],
    priority: "equal",
    minAge: 13,
    endsAt: new Date(now + 60 * DAY_MS).toISOString(),
  });
  const watchers = personas.slice(3).map((row) => row.id);
  for (let day = HISTORY_DAYS; day >= 0; day--) {
    const date = new Date(now - day * DAY_MS);
    date.setUTCHours(6, 0, 0, 0);
    await countDay(
      deps,
      running.campaignId,
      ["home", "explore", "episode-end"],
      watchers,
      date,
      90 + ((day * 37) % 60),
    );
    await countDay(
      deps,
      house.campaignId,
      ["home", "reels", "episode-end"],
      watchers,
      date,
      40 + ((day * 23) % 30),
    );
  }
  await createCampaign(deps, waiting, {
    ...base,
    startsAt: new Date(now).toISOString(),
    name: `${second.title}: new chapter push`,
    target: { kind: "title", id: second.id },
    headline: `${second.title} has new chapters`,
    body: "Catch up this week.",
    placements: ["home", "episode-end"],
    pricing: "cpc",
    budgetCoins: 150,
  });
  const rejected = await createCampaign(deps, refused, {
    ...base,
    startsAt: new Date(now).toISOString(),
    name: `${third.title}: free coins`,
    target: { kind: "title", id: third.id },
    headline: "Free coins for every reader!",
    body: "Tap to claim 1,000 free coins.",
    placements: ["home"],
    pricing: "cpm",
    budgetCoins: 100,
  });
  await rejectCampaign(deps, boss, {
    campaignId: rejected.campaignId,
    reason: "The ad promises free coins the title does not give. Say what the title is about instead.",
  });
  await runAdsUpkeep(deps);
  return 4;
}
