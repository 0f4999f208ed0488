// A campaign's report: its figures by day, its totals, and what clickers did next.
import { ADS_FOLLOW_DAYS, type AdDay, type AdReport } from "@litverse/shared/ads";
import { asc, eq, sql } from "drizzle-orm";
import { dayOf } from "../../core/daily-counts.ts";
import { queryRows } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { adCampaigns, adDaily } from "./schema.ts";
import { campaignTopic } from "./topics.ts";
import { campaignViewOf, coinsOfMilli } from "./views.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A report draws at most this many days (a campaign runs at most 180). */
const MAX_REPORT_DAYS = 190;

/** The report of `campaignId`: its owner's, or any one's for the team (`viewer` null). */
export async function getCampaignReport(
  deps: ServiceDeps,
  viewer: SessionUser | null,
  campaignId: string,
): Promise<AdReport> {
  track(campaignTopic(campaignId));
  const [row] = await deps.db.select().from(adCampaigns).where(eq(adCampaigns.id, campaignId));
  if (!row || (viewer && (row.ownerId !== viewer.id || row.isHouse))) {
    throw new AppError("NOT_FOUND", "There is no such campaign.");
  }
  const [campaign, dailyRows, followed] = await Promise.all([
    campaignViewOf(deps.db, deps.media, row),
    deps.db.select().from(adDaily).where(eq(adDaily.campaignId, row.id)).orderBy(asc(adDaily.day)),
    row.targetKind === "title" && row.targetId ? followedClicks(deps, row.id, row.targetId) : null,
  ]);
  const byDay = new Map(dailyRows.map((daily) => [daily.day, daily]));
  const first = dailyRows[0]?.day ?? dayOf(row.startsAt);
  const lastTime = Math.min(Date.now(), row.endedAt?.getTime() ?? row.endsAt.getTime());
  const days: AdDay[] = [];
  for (
    let time = Date.parse(`${first}T00:00:00Z`);
    time <= lastTime && days.length < MAX_REPORT_DAYS;
    time += DAY_MS
  ) {
    const day = dayOf(new Date(time));
    const daily = byDay.get(day);
    days.push({
      day,
      impressions: daily?.impressions ?? 0,
      viewable: daily?.viewable ?? 0,
      clicks: daily?.clicks ?? 0,
      spentCoins: coinsOfMilli(daily?.spentMilli ?? 0),
    });
  }
  const { totals } = campaign;
  return {
    campaign,
    days,
    totals: { ...totals, ctr: totals.impressions > 0 ? totals.clicks / totals.impressions : 0 },
    followed,
  };
}

/**
 * Of the people who clicked, how many opened an episode of the title within ADS_FOLLOW_DAYS of
 * their first click, and how many episodes they unlocked in that time.
 */
async function followedClicks(deps: ServiceDeps, campaignId: string, contentId: string) {
  const [row] = await queryRows<{ opened: number; unlocked: number }>(
    deps.db,
    sql`with clickers as (
          select user_id, min(created_at) as clicked_at from ad_events
          where campaign_id = ${campaignId} and kind = 'click' and user_id is not null group by user_id
        )
        select
          (select count(*) from clickers k where exists (
            select 1 from episode_progress p where p.user_id = k.user_id and p.content_id = ${contentId}
              and p.created_at >= k.clicked_at and p.created_at < k.clicked_at + ${`${ADS_FOLLOW_DAYS} days`}::interval))::int as opened,
          (select count(*) from clickers k join episode_unlocks u on u.user_id = k.user_id and u.content_id = ${contentId}
              and u.created_at >= k.clicked_at and u.created_at < k.clicked_at + ${`${ADS_FOLLOW_DAYS} days`}::interval)::int as unlocked`,
  );
  return { opened: row?.opened ?? 0, unlocked: row?.unlocked ?? 0 };
}
