// Support analytics over a range of UTC days: volume by day and category, the backlog now, first
// reply and resolution times (median and 90th percentile, wall-clock minutes), the share of tickets
// that missed a target, satisfaction, and the same per agent.
import {
  SUPPORT_CATEGORIES,
  type SupportAnalytics,
  type SupportCategory,
  TICKET_STATUSES,
  type TicketStatus,
} from "@litverse/shared/support";
import { sql } from "drizzle-orm";
import { queryRows } from "../../core/db/client.ts";
import { type DayRange, inRange, rangeEnd, rangeStart, utcDay } from "../../core/db/day-range.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { peopleByIds } from "../profiles/index.ts";
import { SUPPORT_TICKETS_TOPIC } from "./ticket-store.ts";

type Count = string | number;
const num = (value: Count | null | undefined) => (value === null || value === undefined ? 0 : Number(value));
const orNull = (value: Count | null | undefined) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;

export async function getSupportAnalytics(deps: ServiceDeps, range: DayRange): Promise<SupportAnalytics> {
  track(SUPPORT_TICKETS_TOPIC);
  const { db } = deps;
  const created = inRange("t.created_at", range);
  const [days, backlog, [times], [csat], agents] = await Promise.all([
    queryRows<{ day: string; category: SupportCategory | null; created: Count; solved: Count }>(
      db,
      sql`with days as (
          select d::date as day from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d
        ),
        opened as (
          select ${utcDay("t.created_at")} as day, t.category, count(*) as created
          from support_tickets t where ${created} group by 1, 2
        ),
        solved as (
          select ${utcDay("t.resolved_at")} as day, count(*) as solved
          from support_tickets t where ${inRange("t.resolved_at", range)} group by 1
        )
        select to_char(days.day, 'YYYY-MM-DD') as day, opened.category, coalesce(opened.created, 0) as created,
          coalesce(solved.solved, 0) as solved
        from days left join opened on opened.day = days.day left join solved on solved.day = days.day
        order by days.day`,
    ),
    queryRows<{ status: TicketStatus; count: Count }>(
      db,
      sql`select status, count(*) as count from support_tickets group by status`,
    ),
    queryRows<{
      created: Count;
      breached: Count;
      first_median: Count | null;
      first_p90: Count | null;
      resolution_median: Count | null;
      resolution_p90: Count | null;
    }>(
      db,
      sql`select count(*) as created,
          count(*) filter (where exists (select 1 from support_sla_breaches b where b.ticket_id = t.id)) as breached,
          percentile_cont(0.5) within group (order by extract(epoch from t.first_response_at - t.created_at) / 60)
            filter (where t.first_response_at is not null) as first_median,
          percentile_cont(0.9) within group (order by extract(epoch from t.first_response_at - t.created_at) / 60)
            filter (where t.first_response_at is not null) as first_p90,
          percentile_cont(0.5) within group (order by extract(epoch from t.resolved_at - t.created_at) / 60)
            filter (where t.resolved_at is not null) as resolution_median,
          percentile_cont(0.9) within group (order by extract(epoch from t.resolved_at - t.created_at) / 60)
            filter (where t.resolved_at is not null) as resolution_p90
        from support_tickets t where ${created}`,
    ),
    queryRows<{ average: Count | null; count: Count; s1: Count; s2: Count; s3: Count; s4: Count; s5: Count }>(
      db,
      sql`select avg(rating_score) as average, count(rating_score) as count,
          count(*) filter (where rating_score = 1) as s1, count(*) filter (where rating_score = 2) as s2,
          count(*) filter (where rating_score = 3) as s3, count(*) filter (where rating_score = 4) as s4,
          count(*) filter (where rating_score = 5) as s5
        from support_tickets t where ${inRange("t.rated_at", range)}`,
    ),
    queryRows<{
      agent_id: string;
      replies: Count;
      solved: Count;
      first_median: Count | null;
      csat: Count | null;
    }>(
      db,
      sql`with replies as (
          select m.author_id as agent_id, count(*) as replies from support_messages m
          where m.from_agent and m.kind = 'reply' and ${inRange("m.created_at", range)} group by 1
        ),
        assigned as (
          select t.assignee_id as agent_id,
            count(*) filter (where ${inRange("t.resolved_at", range)}) as solved,
            percentile_cont(0.5) within group (order by extract(epoch from t.first_response_at - t.created_at) / 60)
              filter (where t.first_response_at is not null and t.created_at >= ${rangeStart(range)}
                and t.created_at < ${rangeEnd(range)}) as first_median,
            avg(t.rating_score) filter (where ${inRange("t.rated_at", range)}) as csat
          from support_tickets t where t.assignee_id is not null group by 1
        )
        select coalesce(r.agent_id, a.agent_id) as agent_id, coalesce(r.replies, 0) as replies,
          coalesce(a.solved, 0) as solved, a.first_median, a.csat
        from replies r full join assigned a on a.agent_id = r.agent_id
        where coalesce(r.replies, 0) > 0 or coalesce(a.solved, 0) > 0 or a.csat is not null
        order by 2 desc`,
    ),
  ]);

  const byDay = new Map<string, SupportAnalytics["days"][number]>();
  for (const row of days) {
    const day =
      byDay.get(row.day) ??
      ({
        day: row.day,
        created: 0,
        solved: num(row.solved),
        ...Object.fromEntries(SUPPORT_CATEGORIES.map((category) => [category, 0])),
      } as SupportAnalytics["days"][number]);
    if (row.category) {
      day[row.category] = num(row.created);
      day.created += num(row.created);
    }
    byDay.set(row.day, day);
  }
  const backlogByStatus = Object.fromEntries(TICKET_STATUSES.map((status) => [status, 0])) as Record<
    TicketStatus,
    number
  >;
  for (const row of backlog) backlogByStatus[row.status] = num(row.count);
  const people = await peopleByIds(
    db,
    agents.map((row) => row.agent_id),
  );
  const createdCount = num(times?.created);
  return {
    from: range.from,
    to: range.to,
    days: [...byDay.values()],
    backlog: TICKET_STATUSES.filter((status) => status !== "solved" && status !== "closed").reduce(
      (sum, status) => sum + backlogByStatus[status],
      0,
    ),
    backlogByStatus,
    created: createdCount,
    firstReplyMinutes: { median: orNull(times?.first_median), p90: orNull(times?.first_p90) },
    resolutionMinutes: { median: orNull(times?.resolution_median), p90: orNull(times?.resolution_p90) },
    breachRate: createdCount > 0 ? num(times?.breached) / createdCount : null,
    csat: {
      average: orNull(csat?.average),
      count: num(csat?.count),
      distribution: [num(csat?.s1), num(csat?.s2), num(csat?.s3), num(csat?.s4), num(csat?.s5)],
    },
    agents: agents.flatMap((row) => {
      const agent = people.get(row.agent_id);
      return agent
        ? [
            {
              agent,
              replies: num(row.replies),
              solved: num(row.solved),
              firstReplyMedianMinutes: orNull(row.first_median),
              csatAverage: orNull(row.csat),
            },
          ]
        : [];
    }),
  };
}
