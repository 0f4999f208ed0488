// What keeping the analytics current costs a reading event, for `npm run bench:admin-scale`.
// Readers' progress saves go through the real service function, recordProgress, which counts them
// in the event's own transaction (core/daily-counts.ts countDaily, core/activity.ts markActive,
// markActiveIn, reachMilestone, countEpisodeReader, countTitle). The same saves by other readers
// of the same episodes go through `recordProgressUncounted` below: recordProgress statement for
// statement, minus those calls. The two alternate in chunks (A B B A …), one at a time and several
// at once, and the overhead is how much lower the counted rate is. Beside it, every statement on
// an analytics table is timed as it runs, per kind of save.
import type { recordProgressInput } from "@litverse/shared/content-inputs";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { z } from "zod";
import { queryRows } from "../apps/server/src/core/db/client.ts";
import type { ServiceDeps, Viewer } from "../apps/server/src/core/service-deps.ts";
import { recordView } from "../apps/server/src/modules/content/index.ts";
import { libraryTopic } from "../apps/server/src/modules/content/topics.ts";
import { activityTime } from "../apps/server/src/modules/profiles/schema.ts";
import {
  activityKindOf,
  checkLocatorSize,
  openableEpisode,
  recordProgress,
} from "../apps/server/src/modules/reading/progress.service.ts";
import { episodeProgress } from "../apps/server/src/modules/reading/schema.ts";
import { titleProgressTopic } from "../apps/server/src/modules/reading/topics.ts";
import {
  creditActiveTime,
  keptPosition,
  lockActiveTimeClock,
  rewardReading,
} from "../apps/server/src/modules/rewards/index.ts";
import type { Platform } from "../apps/server/src/platform.ts";
import { round } from "./harness.ts";

type ProgressInput = z.output<typeof recordProgressInput>;

/**
 * recordProgress (modules/reading/progress.service.ts) without what keeps the analytics current:
 * no countDaily, no countForAnalytics. Everything else, in the same order. Keep it in step with
 * the service when that changes.
 */
async function recordProgressUncounted(
  deps: ServiceDeps,
  viewer: Viewer,
  input: ProgressInput,
  now: Date,
): Promise<void> {
  checkLocatorSize(input.locator);
  const { episode, title } = await openableEpisode(deps, viewer, input.episodeId);
  const recordedAt = new Date(
    Math.min(input.recordedAt ? Date.parse(input.recordedAt) : now.getTime(), now.getTime()),
  );
  const completedAt = input.isCompleted ? sql`coalesce(${episodeProgress.completedAt}, now())` : undefined;
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const creditedUntil = await lockActiveTimeClock(tx, viewer.id, now);
    const before = await keptPosition(tx, viewer.id, episode.id, input);
    const [kept] = await tx
      .insert(episodeProgress)
      .values({
        userId: viewer.id,
        episodeId: episode.id,
        contentId: episode.contentId,
        fraction: input.fraction,
        locator: input.locator ?? null,
        clientId: input.clientId ?? null,
        completedAt: input.isCompleted ? recordedAt : null,
        updatedAt: recordedAt,
      })
      .onConflictDoUpdate({
        target: [episodeProgress.userId, episodeProgress.episodeId],
        set: {
          fraction: input.fraction,
          ...(input.locator !== undefined ? { locator: input.locator } : {}),
          clientId: input.clientId ?? null,
          ...(completedAt ? { completedAt } : {}),
          updatedAt: recordedAt,
        },
        setWhere: sql`${episodeProgress.updatedAt} <= ${recordedAt.toISOString()}::timestamptz`,
      })
      .returning({ completedAt: episodeProgress.completedAt });
    const activeSeconds = await creditActiveTime(tx, {
      userId: viewer.id,
      episode,
      contentType: title.contentType,
      claimedSeconds: input.activeSeconds ?? 0,
      before,
      creditedUntil,
      now,
    });
    const kind = activityKindOf(title.contentType);
    if (activeSeconds > 0) {
      const day = recordedAt.toISOString().slice(0, 10);
      await tx
        .insert(activityTime)
        .values({ userId: viewer.id, day, contentId: episode.contentId, kind, seconds: activeSeconds })
        .onConflictDoUpdate({
          target: [activityTime.userId, activityTime.day, activityTime.contentId, activityTime.kind],
          set: { seconds: sql`${activityTime.seconds} + ${activeSeconds}`, updatedAt: new Date() },
        });
    }
    const completedEpisode = Boolean(input.isCompleted && !before?.completedAt && kept?.completedAt);
    await rewardReading(
      deps,
      tx,
      { userId: viewer.id, episodeId: episode.id, title, activeSeconds, completedEpisode },
      now,
    );
    deps.changes.changed(libraryTopic(viewer.id), titleProgressTopic(viewer.id, episode.contentId));
  });
  await recordView(deps.db, viewer.id, episode);
}

// ---- Timing the statements on analytics tables ------------------------------------------------

const AGGREGATE_TABLES =
  /\b(daily_counts|daily_active_people|weekly_active_people|monthly_active_people|daily_active_segments|cohort_weeks|person_milestones|title_daily|episode_daily)\b/;

/** Time spent in statements on the analytics tables while `active`, across every connection. */
const statements = { active: false, aggregateMs: 0, aggregateCount: 0, allMs: 0, allCount: 0 };

/**
 * Wraps the PostgreSQL client's query method once, to time statements by the tables they name:
 * those awaited (a transaction's) and those given a callback (the pool's, outside transactions).
 */
function instrumentQueries(): void {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function timedQuery(this: unknown, ...args: unknown[]) {
    if (!statements.active) return original.apply(this, args);
    const first = args[0];
    const text = typeof first === "string" ? first : ((first as { text?: string } | undefined)?.text ?? "");
    const start = performance.now();
    const done = () => {
      const ms = performance.now() - start;
      statements.allMs += ms;
      statements.allCount++;
      if (AGGREGATE_TABLES.test(text)) {
        statements.aggregateMs += ms;
        statements.aggregateCount++;
      }
    };
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return (last as (...results: unknown[]) => unknown)(...results);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === "function") {
      (result as Promise<unknown>).then(done, done);
    }
    return result;
  };
}

// ---- The workload --------------------------------------------------------------------------

export interface WriteOptions {
  /** Readers per variant, mode and chunk (a chunk is read all at once in the concurrent mode). */
  readersPerChunk: number;
  chunks: number;
  episodesPerReader: number;
  savesPerEpisode: number;
  concurrency: number;
  beforePart(part: string): Promise<void>;
  log(message: string): void;
}

interface Reader {
  viewer: Viewer;
  contentId: string;
  episodeIds: string[];
}

/** One save's call: the input and the server time it is made at (30 s after the reader's last). */
interface Save {
  input: ProgressInput;
  now: Date;
  kind: "first of the day" | "episode opened" | "episode finished" | "progress";
}

const SAVE_EVERY_SECONDS = 30;

function savesOf(reader: Reader, options: WriteOptions, start: number): Save[] {
  const saves: Save[] = [];
  let at = start;
  reader.episodeIds.forEach((episodeId, episodeIndex) => {
    for (let step = 1; step <= options.savesPerEpisode; step++) {
      at += SAVE_EVERY_SECONDS * 1_000;
      const finished = step === options.savesPerEpisode;
      saves.push({
        input: {
          episodeId,
          fraction: finished ? 1 : step / options.savesPerEpisode,
          locator: { kind: "book", progression: step / options.savesPerEpisode },
          isCompleted: finished || undefined,
          clientId: "admin-scale",
          activeSeconds: SAVE_EVERY_SECONDS,
        },
        now: new Date(at),
        kind:
          episodeIndex === 0 && step === 1
            ? "first of the day"
            : step === 1
              ? "episode opened"
              : finished
                ? "episode finished"
                : "progress",
      });
    }
  });
  return saves;
}

/**
 * Readers in pairs that read the same episodes: free books of 10 episodes or more, the people
 * chosen from the stored ones by a hash (so some read a lot before, some nothing), other people
 * at each run (a rerun on a kept database finds the last run's readers counted already).
 */
async function pickReaders(platform: Platform, count: number, episodes: number): Promise<Reader[]> {
  const { db } = platform.deps;
  const salt = Date.now() % 1_000_000;
  const titles = await queryRows<{ id: string; episode_ids: string[] }>(
    db,
    sql`select c.id, array_agg(e.id order by e.number) as episode_ids
        from content c join episodes e on e.content_id = c.id
        where c.content_type = 'book' and c.status = 'published'
          and not exists (select 1 from episodes p where p.content_id = c.id and p.price_coins > 0)
        group by c.id having count(*) >= 10 order by c.id`,
  );
  const people = await queryRows<{ id: string }>(
    db,
    sql`select id from users where subject like 'scale-%'
        order by hashint8(substring(subject from 7)::bigint + ${salt}) limit ${count}`,
  );
  if (titles.length === 0 || people.length < count)
    throw new Error("no free books or too few people to read");
  return people.map((person, index) => {
    const pair = Math.floor(index / 2);
    const title = titles[pair % titles.length] as { id: string; episode_ids: string[] };
    const first = pair % Math.max(1, title.episode_ids.length - episodes);
    return {
      viewer: { id: person.id, role: "user", age: 18 },
      contentId: title.id,
      episodeIds: title.episode_ids.slice(first, first + episodes),
    };
  });
}

export interface VariantFigures {
  saves: number;
  seconds: number;
  savesPerSecond: number;
  /** Per chunk, to show the spread. */
  chunkRates: number[];
}

export interface KindFigures {
  kind: string;
  saves: number;
  /** Mean time of the whole recordProgress call (counted variant). */
  meanMs: number;
  /** Mean time in statements on the analytics tables within it. */
  meanAggregateMs: number;
  /** Mean time of the same saves without the counting. */
  meanUncountedMs: number;
  /** Mean statements per save, and those on analytics tables (counted variant). */
  meanStatements: number;
  meanAggregateStatements: number;
}

export interface ModeFigures {
  mode: string;
  concurrency: number;
  counted: VariantFigures;
  uncounted: VariantFigures;
  /** 1 − counted rate ÷ uncounted rate, in %. */
  overheadPercent: number;
  /** Time in statements on analytics tables ÷ time in every statement, counted variant, in %. */
  aggregateStatementPercent: number;
  /** One at a time: time in statements on analytics tables ÷ the calls' whole time, in %. */
  aggregateCallPercent: number | null;
  byKind: KindFigures[];
}

export interface WriteResults {
  workload: string;
  modes: ModeFigures[];
}

type Variant = "counted" | "uncounted";

interface PerSave {
  variant: Variant;
  kind: string;
  ms: number;
  aggregateMs: number;
  aggregateStatements: number;
  statements: number;
}

async function runChunk(
  deps: ServiceDeps,
  variant: Variant,
  readers: Reader[],
  concurrency: number,
  options: WriteOptions,
  start: number,
  perSave: PerSave[],
): Promise<{ saves: number; ms: number }> {
  const call = variant === "counted" ? recordProgress : recordProgressUncounted;
  let next = 0;
  let saves = 0;
  const worker = async () => {
    while (next < readers.length) {
      const reader = readers[next++] as Reader;
      for (const save of savesOf(reader, options, start)) {
        const aggregateBefore = statements.aggregateMs;
        const countBefore = statements.aggregateCount;
        const statementsBefore = statements.allCount;
        const began = performance.now();
        await call(deps, reader.viewer, save.input, save.now);
        saves++;
        if (concurrency === 1) {
          perSave.push({
            variant,
            kind: save.kind,
            ms: performance.now() - began,
            aggregateMs: statements.aggregateMs - aggregateBefore,
            aggregateStatements: statements.aggregateCount - countBefore,
            statements: statements.allCount - statementsBefore,
          });
        }
      }
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, readers.length) }, worker));
  return { saves, ms: performance.now() - began };
}

const figuresOf = (chunks: Array<{ saves: number; ms: number }>): VariantFigures => {
  const saves = chunks.reduce((sum, chunk) => sum + chunk.saves, 0);
  const ms = chunks.reduce((sum, chunk) => sum + chunk.ms, 0);
  return {
    saves,
    seconds: round(ms / 1000, 2),
    savesPerSecond: round((saves / ms) * 1000),
    chunkRates: chunks.map((chunk) => round((chunk.saves / chunk.ms) * 1000)),
  };
};

async function benchMode(
  platform: Platform,
  mode: string,
  concurrency: number,
  readers: Reader[],
  options: WriteOptions,
): Promise<ModeFigures> {
  const { deps } = platform;
  // Readers 2k and 2k + 1 read the same episodes; one is counted, the other not, the first of the
  // pair in one pair and the second in the next (so that no kind of person falls to one variant).
  const counted = readers.filter((_, index) => index % 2 === Math.floor(index / 2) % 2);
  const uncounted = readers.filter((_, index) => index % 2 !== Math.floor(index / 2) % 2);
  // The readers' clocks start three hours ago, so that their saves are all in the past.
  const start = Date.now() - 3 * 3_600_000;
  const results: Record<Variant, Array<{ saves: number; ms: number }>> = { counted: [], uncounted: [] };
  const perSave: PerSave[] = [];
  const size = options.readersPerChunk;
  let statementMs = 0;
  let aggregateMs = 0;
  // Chunk 0 warms both variants up (code, plans, caches) and is not counted.
  for (let chunk = 0; chunk <= options.chunks; chunk++) {
    const order: Variant[] = chunk % 2 === 1 ? ["counted", "uncounted"] : ["uncounted", "counted"];
    for (const variant of order) {
      const group = (variant === "counted" ? counted : uncounted).slice(chunk * size, (chunk + 1) * size);
      if (chunk === 0) {
        await runChunk(deps, variant, group, concurrency, options, start, []);
        continue;
      }
      const allBefore = statements.allMs;
      const aggregateBefore = statements.aggregateMs;
      results[variant].push(await runChunk(deps, variant, group, concurrency, options, start, perSave));
      if (variant === "counted") {
        statementMs += statements.allMs - allBefore;
        aggregateMs += statements.aggregateMs - aggregateBefore;
      }
    }
  }
  const countedFigures = figuresOf(results.counted);
  const uncountedFigures = figuresOf(results.uncounted);
  const kinds = [...new Set(perSave.map((save) => save.kind))];
  const mean = (values: number[]) =>
    values.length ? round(values.reduce((sum, value) => sum + value, 0) / values.length, 2) : 0;
  const countedSaves = perSave.filter((save) => save.variant === "counted");
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    mode,
    concurrency,
    counted: countedFigures,
    uncounted: uncountedFigures,
    overheadPercent: round((1 - countedFigures.savesPerSecond / uncountedFigures.savesPerSecond) * 100),
    aggregateStatementPercent: round((aggregateMs / statementMs) * 100),
    aggregateCallPercent: countedSaves.length
      ? round(
          (sum(countedSaves.map((save) => save.aggregateMs)) / sum(countedSaves.map((save) => save.ms))) *
            100,
        )
      : null,
    byKind: kinds.map((kind) => {
      const ofKind = perSave.filter((save) => save.kind === kind);
      const countedSaves = ofKind.filter((save) => save.variant === "counted");
      return {
        kind,
        saves: countedSaves.length,
        meanMs: mean(countedSaves.map((save) => save.ms)),
        meanAggregateMs: mean(countedSaves.map((save) => save.aggregateMs)),
        meanUncountedMs: mean(ofKind.filter((save) => save.variant === "uncounted").map((save) => save.ms)),
        meanStatements: mean(countedSaves.map((save) => save.statements)),
        meanAggregateStatements: mean(countedSaves.map((save) => save.aggregateStatements)),
      };
    }),
  };
}

export async function benchWrites(platform: Platform, options: WriteOptions): Promise<WriteResults> {
  instrumentQueries();
  // Each mode: a warm-up chunk and the measured ones, for both variants.
  const perMode = options.readersPerChunk * (options.chunks + 1) * 2;
  const readers = await pickReaders(platform, perMode * 2, options.episodesPerReader);
  const modes: ModeFigures[] = [];
  statements.active = true;
  try {
    for (const [index, [mode, concurrency]] of (
      [
        ["one at a time", 1],
        [`${options.concurrency} readers at once`, options.concurrency],
      ] as const
    ).entries()) {
      await options.beforePart(`writes, ${mode}`);
      const figures = await benchMode(
        platform,
        mode,
        concurrency,
        readers.slice(index * perMode, (index + 1) * perMode),
        options,
      );
      options.log(
        `writes, ${mode}: ${figures.counted.savesPerSecond} saves/s counted, ${figures.uncounted.savesPerSecond} uncounted (${figures.overheadPercent} %)`,
      );
      modes.push(figures);
    }
  } finally {
    statements.active = false;
  }
  return {
    workload:
      `${options.readersPerChunk * options.chunks} readers per variant and mode, each reading ` +
      `${options.episodesPerReader} episodes of a free book with a save every ${SAVE_EVERY_SECONDS} s of ` +
      `their (simulated) time, ${options.savesPerEpisode} saves an episode, the last finishing it`,
    modes,
  };
}
