// Watch events: what the feed's player reports (play, progress, end, leave), batched, and what they
// add up to. The rules that keep views honest:
// - once by (session, reel, sequence number): a replayed request adds nothing;
// - played time is what the player reports, but never more than the time since the play started by
//   the server's own clock (plus a second for the network), nor the reel's length times the loops
//   that time allows; the furthest point reached is never ahead of what was played;
// - a view counts after 3 s of playback, or half of a reel shorter than 6 s; leaving before that is
//   a skip; a view that played the whole length is complete;
// - a viewer is credited at most as much playback as real time allows across all their sessions
//   (reel_watch_allowances), so that many sessions at once, or old sessions filled in later, add
//   nothing a person could not have watched;
// - the creator's own watching never counts, nor watching of a reel the viewer may not see.
// Batches that arrive together are written together (group commit), in one transaction of a few
// statements whatever their number, taking the viewers' allowances first (in viewer order), then
// the reels' daily rows (in reel and day order), then the viewers' XP (a reel watched), so that
// concurrent writers, in this process or others, queue instead of deadlocking.
import {
  REEL_RETENTION_STEPS,
  type ReelWatchEvent,
  viewThresholdMs,
  type WatchEventsResult,
} from "@litverse/shared/reels";
import type { recordWatchEventsInput } from "@litverse/shared/reels-inputs";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { markActiveIn, reachMilestone } from "../../core/activity.ts";
import { queryRows, type Transaction } from "../../core/db/client.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { viewerAge } from "../content/index.ts";
import { rewardReelWatched } from "../rewards/index.ts";
import { watchableFor } from "./reel-access.ts";
import { noteAnalyticsChange } from "./reel-figures.ts";
import { reels, reelWatchAllowances } from "./schema.ts";
import { creatorReelsTopic, REELS_ADMIN_TOPIC } from "./topics.ts";

/** What the network may add between the player's clock and ours. */
export const NETWORK_TOLERANCE_MS = 1_000;
/** A view this close to the end (or closer) played the whole reel. */
export const COMPLETION_TOLERANCE_MS = 300;
/** The most unreported playback a viewer can be credited with at once (their allowance's ceiling). */
export const ALLOWANCE_CEILING_MS = 30_000;
/** Events stamped further ahead or older than this are refused. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;
const MAX_AGE_MS = 24 * 3_600_000;

type ReelFacts = { id: string; creatorId: string; durationMs: number };

/** Which 5 % step of the length a point falls in: 0 to REEL_RETENTION_STEPS (the end). */
export function reachStep(reachMs: number, durationMs: number): number {
  if (durationMs <= 0) return 0;
  return Math.min(REEL_RETENTION_STEPS, Math.floor((reachMs / durationMs) * REEL_RETENTION_STEPS));
}

export interface ViewState {
  playedMs: number;
  reachMs: number;
  isCounted: boolean;
  isCompleted: boolean;
  isLeft: boolean;
}

/**
 * A view after some new events, by the rules above: pure, so that the rules can be tested on
 * their own. `elapsedMs` is the server's time since the play started; `allowanceMs` what the
 * viewer may still be credited with.
 */
export function nextViewState(
  before: ViewState,
  events: ReadonlyArray<Pick<ReelWatchEvent, "kind" | "positionMs" | "playedMs">>,
  durationMs: number,
  elapsedMs: number,
  allowanceMs = Number.POSITIVE_INFINITY,
): ViewState {
  const possible = Math.max(0, elapsedMs) + NETWORK_TOLERANCE_MS;
  const loopsPossible = Math.ceil(possible / durationMs);
  const cap = Math.min(possible, durationMs * loopsPossible, before.playedMs + Math.max(0, allowanceMs));
  const reported = Math.max(0, ...events.map((event) => event.playedMs));
  const playedMs = Math.max(before.playedMs, Math.min(reported, cap));
  const isCompleted = before.isCompleted || playedMs >= durationMs - COMPLETION_TOLERANCE_MS;
  const furthest = Math.max(
    0,
    ...events.map((event) => (event.kind === "end" ? durationMs : event.positionMs)),
  );
  const reachMs = isCompleted
    ? durationMs
    : Math.max(before.reachMs, Math.min(furthest, playedMs, durationMs));
  return {
    playedMs,
    reachMs,
    isCounted: before.isCounted || playedMs >= viewThresholdMs(durationMs),
    isCompleted,
    isLeft: before.isLeft || events.some((event) => event.kind === "leave"),
  };
}

const isSkip = (state: ViewState) => state.isLeft && !state.isCounted;

/**
 * A Postgres array literal of uuids, numbers, dates or enum names (none of which hold quotes,
 * commas or backslashes), to pass a column of many rows as one parameter.
 */
const pgArray = (values: ReadonlyArray<string | number | null>) =>
  `{${values.map((value) => (value === null ? "NULL" : `"${value}"`)).join(",")}}`;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** One request's events, waiting for the next group to be written. */
interface WatchRequest {
  viewer: Viewer;
  sessionId: string;
  /** The events that passed the time checks. */
  events: ReelWatchEvent[];
  now: Date;
  result: WatchEventsResult;
  resolve: (result: WatchEventsResult) => void;
  reject: (error: unknown) => void;
}

/** A group holds at most this many events; the rest wait for the next. */
const GROUP_EVENTS_MAX = 2_000;
/**
 * How long the first request of a group waits for others. Requests reach this point one by one,
 * each after its own queries (who the caller is), which the database answers in turn; without a
 * moment's wait every group would hold one request.
 */
const GROUP_GATHER_MS = 10;

/**
 * Writes requests in groups: while one group is being written, the requests that arrive wait and
 * go together in the next, in one transaction of a fixed handful of statements whatever their
 * number (group commit). One request per viewer and session in a group, so that a viewer's
 * allowance and sessions move one request at a time.
 */
class WatchEventsWriter {
  readonly #deps: ServiceDeps;
  #queue: WatchRequest[] = [];
  #writing = false;

  constructor(deps: ServiceDeps) {
    this.#deps = deps;
  }

  submit(request: Omit<WatchRequest, "resolve" | "reject">): Promise<WatchEventsResult> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ ...request, resolve, reject });
      if (!this.#writing) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#writing = true;
    try {
      await new Promise((resolve) => setTimeout(resolve, GROUP_GATHER_MS));
      while (this.#queue.length > 0) await this.#write(this.#takeGroup());
    } finally {
      this.#writing = false;
    }
  }

  #takeGroup(): WatchRequest[] {
    const group: WatchRequest[] = [];
    const taken = new Set<string>();
    let events = 0;
    const waiting: WatchRequest[] = [];
    for (const request of this.#queue) {
      const isFull = group.length > 0 && events + request.events.length > GROUP_EVENTS_MAX;
      if (isFull || taken.has(request.viewer.id) || taken.has(request.sessionId)) {
        waiting.push(request);
        continue;
      }
      taken.add(request.viewer.id).add(request.sessionId);
      events += request.events.length;
      group.push(request);
    }
    this.#queue = waiting;
    return group;
  }

  async #write(group: WatchRequest[]): Promise<void> {
    const before = group.map((request) => ({ events: request.events, result: { ...request.result } }));
    try {
      await recordGroup(this.#deps, group);
      for (const request of group) request.resolve(request.result);
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      // One request's trouble is not the others': each is written alone, as it came.
      for (const [index, request] of group.entries()) {
        const { events, result } = before[index] ?? { events: [], result: request.result };
        await this.#write([{ ...request, events, result }]);
      }
    }
  }
}

const writers = new WeakMap<ServiceDeps, WatchEventsWriter>();

export async function recordWatchEvents(
  deps: ServiceDeps,
  viewer: Viewer,
  input: z.output<typeof recordWatchEventsInput>,
  now = new Date(),
): Promise<WatchEventsResult> {
  const result: WatchEventsResult = { accepted: 0, duplicates: 0, ignored: 0 };
  const events = input.events.filter((event) => {
    const at = Date.parse(event.at);
    const ok = at <= now.getTime() + FUTURE_TOLERANCE_MS && at >= now.getTime() - MAX_AGE_MS;
    if (!ok) result.ignored++;
    return ok;
  });
  if (events.length === 0) return result;
  let writer = writers.get(deps);
  if (!writer) {
    writer = new WatchEventsWriter(deps);
    writers.set(deps, writer);
  }
  return writer.submit({ viewer, sessionId: input.sessionId, events, now, result });
}

/** Which of the requests' reels each viewer may watch (not their own), with their lengths. */
async function factsOf(deps: ServiceDeps, group: readonly WatchRequest[]): Promise<Map<string, ReelFacts>> {
  const pairs = group.flatMap((request) =>
    [...new Set(request.events.map((event) => event.reelId))].map(
      (reelId) => sql`(${request.viewer.id}::uuid, ${viewerAge(request.viewer)}::int, ${reelId}::uuid)`,
    ),
  );
  const rows = await queryRows<{
    viewer_id: string;
    id: string;
    creator_id: string;
    duration_ms: number | null;
  }>(
    deps.db,
    sql`select p.viewer_id, ${reels.id} as id, ${reels.creatorId} as creator_id, ${reels.durationMs} as duration_ms
      from (values ${sql.join(pairs, sql`, `)}) as p(viewer_id, age, reel_id)
      join ${reels} on ${reels.id} = p.reel_id
      where ${watchableFor(sql`p.viewer_id`, sql`p.age`)} and ${reels.creatorId} <> p.viewer_id
        and ${reels.durationMs} > 0`,
  );
  return new Map(
    rows.map((row) => [
      `${row.viewer_id}|${row.id}`,
      { id: row.id, creatorId: row.creator_id, durationMs: Number(row.duration_ms) },
    ]),
  );
}

interface DailyDelta {
  reelId: string;
  day: string;
  plays: number;
  views: number;
  skips: number;
  completions: number;
  watchMs: number;
  reach: number[];
}

/**
 * A group of requests in one transaction: the viewers' allowances (refreshed and locked, in viewer
 * order), their views (made or locked), the events (repeats dropped), then the views, the days'
 * figures (in reel and day order) and the allowances in one statement, and XP for the views that
 * now count. Each request's result is filled in.
 */
async function recordGroup(deps: ServiceDeps, group: WatchRequest[]): Promise<void> {
  const facts = await factsOf(deps, group);
  const requests = group.filter((request) => {
    request.events = request.events.filter((event) => {
      const reel = facts.get(`${request.viewer.id}|${event.reelId}`);
      const ok = reel !== undefined && event.positionMs <= reel.durationMs + NETWORK_TOLERANCE_MS;
      if (!ok) request.result.ignored++;
      return ok;
    });
    return request.events.length > 0;
  });
  if (requests.length === 0) return;
  const counted: Array<{ viewerId: string; reel: ReelFacts; now: Date }> = [];

  await deps.changes.inTransaction(deps.db, async (tx) => {
    const allowances = await refreshAllowances(tx, requests);
    const viewRows = requests
      .flatMap((request) =>
        [...new Set(request.events.map((event) => event.reelId))].map((reelId) => ({
          sessionId: request.sessionId,
          reelId,
          viewerId: request.viewer.id,
          day: utcDay(request.now),
          at: request.now.toISOString(),
        })),
      )
      .sort((a, b) =>
        a.sessionId === b.sessionId
          ? a.reelId.localeCompare(b.reelId)
          : a.sessionId.localeCompare(b.sessionId),
      );
    const column = (pick: (row: (typeof viewRows)[number]) => string) => pgArray(viewRows.map(pick));
    const views = await queryRows<{
      id: string;
      session_id: string;
      reel_id: string;
      viewer_id: string;
      day: string;
      started_ms: number;
      played_ms: number;
      reach_ms: number;
      is_counted: boolean;
      is_completed: boolean;
      left_ms: number | null;
      is_new: boolean;
    }>(
      tx,
      // Columns as arrays: a few parameters, however many views.
      sql`insert into reel_views as v (session_id, reel_id, viewer_id, day, started_at, last_event_at)
        select * from unnest(${column((row) => row.sessionId)}::uuid[], ${column((row) => row.reelId)}::uuid[],
          ${column((row) => row.viewerId)}::uuid[], ${column((row) => row.day)}::date[],
          ${column((row) => row.at)}::timestamptz[], ${column((row) => row.at)}::timestamptz[])
        on conflict (session_id, reel_id) do update set last_event_at = excluded.last_event_at
          -- A session belongs to the person who started it: anyone else's events add nothing to it.
          where v.viewer_id = excluded.viewer_id
        returning v.id, v.session_id, v.reel_id, v.viewer_id, to_char(v.day, 'YYYY-MM-DD') as day,
          (extract(epoch from v.started_at) * 1000)::float8 as started_ms, v.played_ms, v.reach_ms,
          v.is_counted, v.is_completed, (extract(epoch from v.left_at) * 1000)::float8 as left_ms,
          (v.xmax = 0) as is_new`,
    );
    const viewOf = new Map(
      views.map((row) => [
        `${row.session_id}|${row.reel_id}`,
        {
          id: row.id,
          reelId: row.reel_id,
          viewerId: row.viewer_id,
          day: row.day,
          startedMs: Number(row.started_ms),
          playedMs: Number(row.played_ms),
          reachMs: Number(row.reach_ms),
          isCounted: row.is_counted,
          isCompleted: row.is_completed,
          leftAt: row.left_ms === null ? null : new Date(Number(row.left_ms)),
          isNew: row.is_new,
        },
      ]),
    );
    // Analytics: who watched reels today, and each person's first reel (the reel funnel's start).
    for (const viewerId of new Set(views.filter((row) => row.is_new).map((row) => row.viewer_id))) {
      await markActiveIn(deps.changes, tx, viewerId, "type:reel");
      await reachMilestone(tx, viewerId, "firstReel");
    }
    const owned = (request: WatchRequest, reelId: string) => {
      const view = viewOf.get(`${request.sessionId}|${reelId}`);
      return view && view.viewerId === request.viewer.id ? view : undefined;
    };
    const events = requests.flatMap((request) =>
      request.events.flatMap((event) => {
        const view = owned(request, event.reelId);
        if (!view) {
          request.result.ignored++;
          return [];
        }
        return [
          {
            viewId: view.id,
            seq: event.seq,
            kind: event.kind,
            positionMs: event.positionMs,
            playedMs: event.playedMs,
            clientAt: new Date(event.at).toISOString(),
            receivedAt: request.now.toISOString(),
          },
        ];
      }),
    );
    if (events.length === 0) return;
    const pick = (value: (event: (typeof events)[number]) => string | number) => pgArray(events.map(value));
    const inserted = await queryRows<{ view_id: string; seq: number }>(
      tx,
      sql`insert into reel_watch_events (view_id, seq, kind, position_ms, played_ms, client_at, received_at)
        select * from unnest(${pick((event) => event.viewId)}::uuid[], ${pick((event) => event.seq)}::int[],
          ${pick((event) => event.kind)}::text[], ${pick((event) => event.positionMs)}::int[],
          ${pick((event) => event.playedMs)}::int[], ${pick((event) => event.clientAt)}::timestamptz[],
          ${pick((event) => event.receivedAt)}::timestamptz[])
        on conflict do nothing
        returning view_id, seq`,
    );
    const fresh = new Set(inserted.map((row) => `${row.view_id}:${Number(row.seq)}`));

    const updates: Array<{ id: string; after: ViewState; leftAt: Date | null; now: Date }> = [];
    const deltas = new Map<string, DailyDelta>();
    for (const request of requests) {
      const allowance = { ms: allowances.get(request.viewer.id) ?? 0 };
      for (const reelId of [...new Set(request.events.map((event) => event.reelId))].sort()) {
        const view = owned(request, reelId);
        const reel = facts.get(`${request.viewer.id}|${reelId}`);
        if (!view || !reel) continue;
        const mine = request.events.filter((event) => event.reelId === reelId);
        const accepted = mine.filter((event) => fresh.has(`${view.id}:${event.seq}`));
        request.result.accepted += accepted.length;
        request.result.duplicates += mine.length - accepted.length;
        if (accepted.length === 0) continue;
        const before: ViewState = {
          playedMs: view.playedMs,
          reachMs: view.reachMs,
          isCounted: view.isCounted,
          isCompleted: view.isCompleted,
          isLeft: view.leftAt !== null,
        };
        const elapsed = request.now.getTime() - view.startedMs;
        const after = nextViewState(before, accepted, reel.durationMs, elapsed, allowance.ms);
        allowance.ms -= after.playedMs - before.playedMs;
        updates.push({
          id: view.id,
          after,
          leftAt: view.leftAt ?? (after.isLeft ? request.now : null),
          now: request.now,
        });
        addToDay(deltas, view, before, after, reel.durationMs);
        if (after.isCounted && !before.isCounted)
          counted.push({ viewerId: request.viewer.id, reel, now: request.now });
      }
      allowances.set(request.viewer.id, allowance.ms);
    }
    if (updates.length > 0) await writeViewsAndDays(tx, updates, deltas, allowances);
    // After every reel's rows: XP takes the person's own rows, always last.
    for (const { viewerId, reel, now } of counted) await rewardReelWatched(deps, tx, viewerId, reel.id, now);
    for (const creatorId of new Set(counted.map(({ reel }) => reel.creatorId))) {
      deps.changes.changed(creatorReelsTopic(creatorId), REELS_ADMIN_TOPIC);
    }
  });
  if (requests.some((request) => request.result.accepted > 0)) noteAnalyticsChange(deps);
}

/** The viewers' allowances, each grown by the time since it was last used (up to the ceiling), locked. */
async function refreshAllowances(
  tx: Transaction,
  requests: readonly WatchRequest[],
): Promise<Map<string, number>> {
  const rows = [...requests]
    .sort((a, b) => a.viewer.id.localeCompare(b.viewer.id))
    .map((request) => ({
      viewerId: request.viewer.id,
      availableMs: ALLOWANCE_CEILING_MS,
      updatedAt: request.now,
    }));
  const refreshed = await tx
    .insert(reelWatchAllowances)
    .values(rows)
    .onConflictDoUpdate({
      target: reelWatchAllowances.viewerId,
      set: {
        availableMs: sql`least(${ALLOWANCE_CEILING_MS}, ${reelWatchAllowances.availableMs}
          + greatest(0, (extract(epoch from (excluded.updated_at - ${reelWatchAllowances.updatedAt})) * 1000)::int))`,
        updatedAt: sql`greatest(${reelWatchAllowances.updatedAt}, excluded.updated_at)`,
      },
    })
    .returning({ viewerId: reelWatchAllowances.viewerId, availableMs: reelWatchAllowances.availableMs });
  return new Map(refreshed.map((row) => [row.viewerId, row.availableMs]));
}

/** Moves a view's figures in its day's: a new play, and how its view, skip, completion and reach changed. */
function addToDay(
  deltas: Map<string, DailyDelta>,
  view: { reelId: string; day: string; isNew: boolean },
  before: ViewState,
  after: ViewState,
  durationMs: number,
): void {
  const key = `${view.reelId}|${view.day}`;
  const delta = deltas.get(key) ?? {
    reelId: view.reelId,
    day: view.day,
    plays: 0,
    views: 0,
    skips: 0,
    completions: 0,
    watchMs: 0,
    reach: Array.from({ length: REEL_RETENTION_STEPS + 1 }, () => 0),
  };
  deltas.set(key, delta);
  const step = reachStep(after.reachMs, durationMs);
  const stepBefore = reachStep(before.reachMs, durationMs);
  if (view.isNew) delta.plays++;
  else delta.reach[stepBefore] = (delta.reach[stepBefore] ?? 0) - 1;
  delta.reach[step] = (delta.reach[step] ?? 0) + 1;
  delta.views += Number(after.isCounted) - Number(before.isCounted);
  delta.skips += Number(isSkip(after)) - Number(isSkip(before));
  delta.completions += Number(after.isCompleted) - Number(before.isCompleted);
  delta.watchMs += (after.isCounted ? after.playedMs : 0) - (before.isCounted ? before.playedMs : 0);
}

/** One statement: the views' new state, the days' figures (in reel and day order) and the allowances left. */
async function writeViewsAndDays(
  tx: Transaction,
  updates: ReadonlyArray<{ id: string; after: ViewState; leftAt: Date | null; now: Date }>,
  deltas: ReadonlyMap<string, DailyDelta>,
  allowances: ReadonlyMap<string, number>,
): Promise<void> {
  const column = (value: (update: (typeof updates)[number]) => string | number | boolean) =>
    pgArray(updates.map((update) => String(value(update))));
  const days = sql.join(
    [...deltas.values()]
      .sort((a, b) => (a.reelId === b.reelId ? a.day.localeCompare(b.day) : a.reelId.localeCompare(b.reelId)))
      .map(
        (delta) =>
          sql`(${delta.reelId}::uuid, ${delta.day}::date, ${delta.plays}::int, ${delta.views}::int,
            ${delta.skips}::int, ${delta.completions}::int, ${delta.watchMs}::bigint, ${`{${delta.reach.join(",")}}`}::int[])`,
      ),
    sql`, `,
  );
  const viewers = [...allowances.keys()];
  await tx.execute(sql`
    with updated_views as (
      update reel_views as v set played_ms = x.played, reach_ms = x.reach, is_counted = x.counted,
        is_completed = x.completed, left_at = coalesce(v.left_at, x.left_at), updated_at = x.now
      from unnest(${column((update) => update.id)}::uuid[], ${column((update) => update.after.playedMs)}::int[],
        ${column((update) => update.after.reachMs)}::int[], ${column((update) => update.after.isCounted)}::boolean[],
        ${column((update) => update.after.isCompleted)}::boolean[],
        ${pgArray(updates.map((update) => update.leftAt?.toISOString() ?? null))}::timestamptz[],
        ${column((update) => update.now.toISOString())}::timestamptz[])
        as x(id, played, reach, counted, completed, left_at, now)
      where v.id = x.id
    ), updated_days as (
      insert into reel_daily_stats as d (reel_id, day, plays, views, skips, completions, watch_ms, reach)
      values ${days}
      on conflict (reel_id, day) do update set plays = d.plays + excluded.plays, views = d.views + excluded.views,
        skips = d.skips + excluded.skips, completions = d.completions + excluded.completions,
        watch_ms = d.watch_ms + excluded.watch_ms,
        reach = array(select a + b from unnest(d.reach, excluded.reach) with ordinality as t(a, b, i) order by i)
    )
    update reel_watch_allowances as a set available_ms = x.ms
    from unnest(${pgArray(viewers)}::uuid[], ${pgArray(viewers.map((viewer) => Math.max(0, allowances.get(viewer) ?? 0)))}::int[])
      as x(viewer_id, ms)
    where a.viewer_id = x.viewer_id`);
}
