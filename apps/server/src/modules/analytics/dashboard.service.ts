// The platform at a glance: today's figures beside the last two weeks, read from the daily counts
// (core/daily-counts.ts) and the few small tables that hold a state (who is online, open tickets
// and reports, running jobs), never from the raw events. Live: a counted event, a ticket, a report
// or a job moves its figure without a reload. Each viewer sees the figures their permissions allow.
import { type AdminSection, levelAllows, type PermissionLevel } from "@litverse/shared/admin-permissions";
import {
  DASHBOARD_DAYS,
  type Dashboard,
  type DashboardFigure,
  type DashboardGroup,
} from "@litverse/shared/analytics";
import { and, count, gte, inArray, sql } from "drizzle-orm";
import { DAILY_COUNTS_TOPIC, dayOf } from "../../core/daily-counts.ts";
import { queryRows } from "../../core/db/client.ts";
import { dailyCounts, jobs } from "../../core/db/schema.ts";
import { jobsTopic } from "../../core/jobs/job-queue.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { adCampaigns } from "../ads/schema.ts";
import { ADS_TOPIC } from "../ads/topics.ts";
import { IMPORT_JOB_KIND } from "../content-admin/index.ts";
import { profiles } from "../profiles/schema.ts";
import { reelDailyStats } from "../reels/schema.ts";
import { REPORTS_TOPIC } from "../reports/index.ts";
import { reports } from "../reports/schema.ts";
import { subscriptions } from "../subscriptions/schema.ts";
import { PLANS_TOPIC } from "../subscriptions/topics.ts";
import { getUnattendedTicketCount, SUPPORT_TICKETS_TOPIC } from "../support/index.ts";
import { users } from "../users/schema.ts";

/** Someone is online while their app has been open within this long. */
const ONLINE_WITHIN_MS = 5 * 60 * 1000;
/** How far back failed imports count as needing someone. */
const FAILED_IMPORTS_WITHIN_DAYS = 7;

/** The days of the sparklines, oldest first. */
export function dashboardDays(now: Date): string[] {
  return Array.from({ length: DASHBOARD_DAYS }, (_, index) => {
    const day = new Date(now);
    day.setUTCDate(day.getUTCDate() - (DASHBOARD_DAYS - 1 - index));
    return dayOf(day);
  });
}

/** Each metric's value per day over `days` (missing days are 0). */
async function countsByDay(deps: ServiceDeps, days: string[]): Promise<Map<string, number[]>> {
  const rows = await deps.db
    .select({
      day: dailyCounts.day,
      metric: dailyCounts.metric,
      value: sql<number>`sum(${dailyCounts.value})::bigint`,
    })
    .from(dailyCounts)
    .where(gte(dailyCounts.day, days[0] ?? dayOf(new Date())))
    .groupBy(dailyCounts.day, dailyCounts.metric);
  const index = new Map(days.map((day, position) => [day, position]));
  const series = new Map<string, number[]>();
  for (const row of rows) {
    const position = index.get(String(row.day));
    if (position === undefined) continue;
    const values = series.get(row.metric) ?? days.map(() => 0);
    values[position] = Number(row.value);
    series.set(row.metric, values);
  }
  return series;
}

const zeros = () => Array.from({ length: DASHBOARD_DAYS }, () => 0);
const last = (series: number[]) => series.at(-1) ?? 0;
const toMinutes = (series: number[]) => series.map((seconds) => Math.round(seconds / 60));

/** The month so far of a metric: its days in this month, from the counts. */
async function monthSoFar(deps: ServiceDeps, metric: string, now: Date): Promise<number> {
  const first = `${dayOf(now).slice(0, 7)}-01`;
  const [row] = await deps.db
    .select({ value: sql<number>`coalesce(sum(${dailyCounts.value}), 0)::bigint` })
    .from(dailyCounts)
    .where(and(sql`${dailyCounts.metric} = ${metric}`, gte(dailyCounts.day, first)));
  return Number(row?.value ?? 0);
}

export async function getDashboard(
  deps: ServiceDeps,
  grants: Record<AdminSection, PermissionLevel>,
  now = new Date(),
): Promise<Dashboard> {
  track(
    DAILY_COUNTS_TOPIC,
    SUPPORT_TICKETS_TOPIC,
    REPORTS_TOPIC,
    PLANS_TOPIC,
    ADS_TOPIC,
    jobsTopic(IMPORT_JOB_KIND),
  );
  const days = dashboardDays(now);
  const may = (section: AdminSection) => levelAllows(grants[section], "view");
  const series = await countsByDay(deps, days);
  const of = (metric: string) => series.get(metric) ?? zeros();
  const groups: DashboardGroup[] = [];

  if (may("analytics")) {
    const [[people], [online], [subscribed]] = await Promise.all([
      deps.db.select({ total: count() }).from(users),
      deps.db
        .select({ total: count() })
        .from(profiles)
        .where(gte(profiles.lastSeenAt, new Date(now.getTime() - ONLINE_WITHIN_MS))),
      deps.db
        .select({ total: count() })
        .from(subscriptions)
        .where(inArray(subscriptions.status, ["active", "past_due"])),
    ]);
    const signups = of("people.signed_up");
    // Everyone there is now, and on each day before, from the sign-ups since.
    let total = people?.total ?? 0;
    const totals = signups.map(() => 0);
    for (let day = signups.length - 1; day >= 0; day--) {
      totals[day] = total;
      total -= signups[day] ?? 0;
    }
    const figure = (f: Omit<DashboardFigure, "section">): DashboardFigure => ({ ...f, section: "analytics" });
    groups.push({
      title: "People",
      figures: [
        figure({
          key: "people",
          label: "People",
          value: people?.total ?? 0,
          unit: "count",
          series: totals,
          href: "/admin/analytics",
          hint: "Every account",
        }),
        figure({
          key: "signups",
          label: "New today",
          value: last(signups),
          unit: "count",
          series: signups,
          href: "/admin/analytics",
          hint: "Accounts made today (UTC)",
        }),
        figure({
          key: "online",
          label: "Active now",
          value: online?.total ?? 0,
          unit: "count",
          series: null,
          href: "/admin/analytics",
          hint: "With the app open in the last 5 minutes",
        }),
        figure({
          key: "active",
          label: "Active today",
          value: last(of("people.active")),
          unit: "count",
          series: of("people.active"),
          href: "/admin/analytics",
          hint: "People who opened the app today (UTC)",
        }),
      ],
    });
    const read = toMinutes(of("reading.read_seconds"));
    const listened = toMinutes(of("reading.listen_seconds"));
    const watched = toMinutes(of("reading.watch_seconds"));
    groups.push({
      title: "Reading",
      figures: [
        figure({
          key: "read",
          label: "Minutes read",
          value: last(read),
          unit: "minutes",
          series: read,
          href: "/admin/analytics",
          hint: "Active reading of books and comics today",
        }),
        figure({
          key: "listened",
          label: "Minutes listened",
          value: last(listened),
          unit: "minutes",
          series: listened,
          href: "/admin/analytics",
          hint: "Active listening to audiobooks today",
        }),
        figure({
          key: "watched",
          label: "Minutes watched",
          value: last(watched),
          unit: "minutes",
          series: watched,
          href: "/admin/analytics",
          hint: "Active watching of dramas today",
        }),
        figure({
          key: "finished",
          label: "Episodes finished",
          value: last(of("reading.episodes_finished")),
          unit: "count",
          series: of("reading.episodes_finished"),
          href: "/admin/content-metrics",
          hint: "Episodes read to the end for the first time today",
        }),
      ],
    });
    const moneyFigures: DashboardFigure[] = [
      figure({
        key: "coins-bought",
        label: "Coins bought",
        value: last(of("coins.bought")),
        unit: "coins",
        series: of("coins.bought"),
        href: "/admin/revenue-analytics",
        hint: "Coins credited for paid purchases today, bonus included",
      }),
      figure({
        key: "coins-spent",
        label: "Coins spent",
        value: last(of("coins.spent")),
        unit: "coins",
        series: of("coins.spent"),
        href: "/admin/revenue-analytics",
        hint: "Coins spent on unlocks today",
      }),
    ];
    const currencies = [...series.keys()].filter((metric) => metric.startsWith("money.paid:")).sort();
    for (const metric of currencies) {
      const currency = metric.slice("money.paid:".length);
      moneyFigures.push(
        figure({
          key: `revenue-${currency}`,
          label: `Revenue today (${currency})`,
          value: last(of(metric)),
          unit: "money",
          currency,
          series: of(metric),
          href: "/admin/revenue-analytics",
          hint: "Payments received today, before refunds",
        }),
        figure({
          key: `revenue-month-${currency}`,
          label: `Revenue this month (${currency})`,
          value: await monthSoFar(deps, metric, now),
          unit: "money",
          currency,
          series: null,
          href: "/admin/revenue-analytics",
          hint: "Payments received since the 1st, before refunds",
        }),
      );
    }
    moneyFigures.push(
      figure({
        key: "subscriptions",
        label: "Active subscriptions",
        value: subscribed?.total ?? 0,
        unit: "count",
        series: null,
        href: "/admin/subscription-management",
        hint: "Subscriptions in force, including those waiting on a renewal payment",
      }),
    );
    groups.push({ title: "Money", figures: moneyFigures });
    groups.push({
      title: "Community",
      figures: [
        figure({
          key: "messages",
          label: "Messages",
          value: last(of("community.messages")),
          unit: "count",
          series: of("community.messages"),
          href: "/admin/analytics",
          hint: "Direct messages sent today",
        }),
        figure({
          key: "club-posts",
          label: "Club posts",
          value: last(of("community.club_posts")),
          unit: "count",
          series: of("community.club_posts"),
          href: "/admin/analytics",
          hint: "Posts and replies in book clubs today",
        }),
      ],
    });
  }
  if (may("reels")) {
    const rows = await deps.db
      .select({ day: reelDailyStats.day, views: sql<number>`sum(${reelDailyStats.views})::int` })
      .from(reelDailyStats)
      .where(gte(reelDailyStats.day, days[0] ?? dayOf(now)))
      .groupBy(reelDailyStats.day);
    const views = days.map((day) => Number(rows.find((row) => row.day === day)?.views ?? 0));
    const community = groups.find((group) => group.title === "Community");
    const reelsFigure: DashboardFigure = {
      key: "reel-views",
      label: "Reels watched",
      value: last(views),
      unit: "count",
      series: views,
      href: "/admin/reels/analytics",
      section: "reels",
      hint: "Reel views counted today",
    };
    if (community) community.figures.push(reelsFigure);
    else groups.push({ title: "Community", figures: [reelsFigure] });
  }

  const queues: DashboardFigure[] = [];
  if (may("support")) {
    queues.push({
      key: "tickets",
      label: "Unattended tickets",
      value: await getUnattendedTicketCount(deps),
      unit: "count",
      series: of("support.tickets_opened"),
      href: "/admin/support",
      section: "support",
      hint: "Open tickets nobody on the team has answered yet; the line shows tickets opened per day",
    });
  }
  if (may("moderation")) {
    const [open] = await deps.db
      .select({ total: count() })
      .from(reports)
      .where(sql`${reports.status} = 'open'`);
    queues.push({
      key: "reports",
      label: "Reports waiting",
      value: open?.total ?? 0,
      unit: "count",
      series: of("moderation.reports_filed"),
      href: "/admin/flagged-content",
      section: "moderation",
      hint: "Reports nobody has decided on; the line shows reports filed per day",
    });
  }
  if (may("ads")) {
    const [waiting] = await deps.db
      .select({ total: count() })
      .from(adCampaigns)
      .where(sql`${adCampaigns.status} = 'in_review' and not ${adCampaigns.isHouse}`);
    queues.push({
      key: "ads-waiting",
      label: "Ads waiting",
      value: waiting?.total ?? 0,
      unit: "count",
      series: null,
      href: "/admin/ads/user-ads",
      section: "ads",
      hint: "Paid ads waiting for review; their budgets are held meanwhile",
    });
  }
  if (may("content")) {
    const since = new Date(now.getTime() - FAILED_IMPORTS_WITHIN_DAYS * 24 * 60 * 60 * 1000);
    const rows = await queryRows<{ running: number; failed: number }>(
      deps.db,
      sql`select count(*) filter (where status in ('queued', 'running'))::int as running,
                 count(*) filter (where status = 'failed' and ${jobs.updatedAt} >= ${since.toISOString()}::timestamptz)::int as failed
          from ${jobs} where kind = ${IMPORT_JOB_KIND}`,
    );
    queues.push(
      {
        key: "imports-running",
        label: "Imports running",
        value: rows[0]?.running ?? 0,
        unit: "count",
        series: null,
        href: "/admin/content-management",
        section: "content",
        hint: "Imports and conversions waiting or in progress",
      },
      {
        key: "imports-failed",
        label: "Imports failed",
        value: rows[0]?.failed ?? 0,
        unit: "count",
        series: null,
        href: "/admin/content-management",
        section: "content",
        hint: `Imports that failed in the last ${FAILED_IMPORTS_WITHIN_DAYS} days`,
      },
    );
  }
  if (queues.length > 0) groups.push({ title: "Needs someone", figures: queues });
  return { generatedAt: now.toISOString(), days, groups };
}
