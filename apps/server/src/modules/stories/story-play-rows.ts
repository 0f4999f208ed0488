// What the play services share: published versions (kept in memory) and their scenes, a reader's
// current play, the reader's row locked for a change, what a change to a play announces, and the
// endings a reader found.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor, Transaction } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import {
  type PublishedScene,
  storyEndingsFound,
  storyPlays,
  storyReaders,
  storyVersionScenes,
  storyVersions,
} from "./schema.ts";
import type { VersionRow } from "./story-access.ts";
import {
  readerStoriesTopic,
  STORIES_ACTIVITY_TOPIC,
  storyActivityTopic,
  storyReaderTopic,
} from "./topics.ts";

export type PlayRow = typeof storyPlays.$inferSelect;

export const STALE_SCENE = "The story has moved on.";

// Versions never change once published, so each process keeps the ones it has read.
const versionCache = new Map<string, VersionRow>();
const VERSION_CACHE_SIZE = 500;

export async function versionById(db: Executor, versionId: string): Promise<VersionRow> {
  const cached = versionCache.get(versionId);
  if (cached) return cached;
  const [row] = await db.select().from(storyVersions).where(eq(storyVersions.id, versionId));
  if (!row) throw new AppError("NOT_FOUND", "That version of the story is gone.");
  if (versionCache.size >= VERSION_CACHE_SIZE)
    versionCache.delete(versionCache.keys().next().value as string);
  versionCache.set(versionId, row);
  return row;
}

export async function sceneOf(
  db: Executor,
  versionId: string,
  sceneId: string,
): Promise<PublishedScene | null> {
  const [row] = await db
    .select({ scene: storyVersionScenes.scene })
    .from(storyVersionScenes)
    .where(and(eq(storyVersionScenes.versionId, versionId), eq(storyVersionScenes.sceneId, sceneId)));
  return row?.scene ?? null;
}

export async function requireScene(
  db: Executor,
  versionId: string,
  sceneId: string,
): Promise<PublishedScene> {
  const scene = await sceneOf(db, versionId, sceneId);
  if (!scene) throw new AppError("NOT_FOUND", "That scene is not in this version of the story.");
  return scene;
}

export async function currentPlay(db: Executor, userId: string, storyId: string): Promise<PlayRow | null> {
  const [row] = await db
    .select()
    .from(storyPlays)
    .where(
      and(eq(storyPlays.userId, userId), eq(storyPlays.storyId, storyId), eq(storyPlays.isCurrent, true)),
    );
  return row ?? null;
}

export async function requireCurrentPlay(db: Executor, userId: string, storyId: string): Promise<PlayRow> {
  const play = await currentPlay(db, userId, storyId);
  if (!play) throw new AppError("NOT_FOUND", "Start the story first.");
  return play;
}

export async function endingsFoundBy(db: Executor, userId: string, storyId: string): Promise<string[]> {
  const rows = await db
    .select({ name: storyEndingsFound.name })
    .from(storyEndingsFound)
    .where(and(eq(storyEndingsFound.userId, userId), eq(storyEndingsFound.storyId, storyId)))
    .orderBy(asc(storyEndingsFound.createdAt), asc(storyEndingsFound.name));
  return rows.map((row) => row.name);
}

/** What every change to a reader's play announces. */
export function announcePlay(deps: ServiceDeps, storyId: string, userId: string, isActivity: boolean): void {
  deps.changes.changed(storyReaderTopic(storyId, userId), readerStoriesTopic(userId));
  if (isActivity) deps.changes.changed(storyActivityTopic(storyId), STORIES_ACTIVITY_TOPIC);
}

/**
 * The reader's row for this story, made on first play and locked for the rest of the transaction:
 * one reader's starts, loads and switches in one story happen one after another.
 */
export async function lockReader(
  tx: Transaction,
  storyId: string,
  userId: string,
  sceneId: string,
): Promise<void> {
  await tx
    .insert(storyReaders)
    .values({ storyId, userId, lastSceneId: sceneId })
    .onConflictDoUpdate({
      target: [storyReaders.storyId, storyReaders.userId],
      set: { lastSceneId: sceneId, updatedAt: sql`now()` },
    });
}
