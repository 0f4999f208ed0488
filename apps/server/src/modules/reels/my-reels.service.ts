// A creator's reels: made from a finished upload, listed live with their processing and review,
// edited and deleted (with their files). A file that is not a video or is too long is refused here,
// at once, before any reel exists: the upload is removed and nothing is left behind.
import { readFile } from "node:fs/promises";
import type { MyReel } from "@litverse/shared/reels";
import type { createReelInput, updateReelInput } from "@litverse/shared/reels-inputs";
import { and, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { cancelJob, enqueueJobIn, jobsTopic } from "../../core/jobs/job-queue.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { checkVtt, decodeSubtitleBytes, srtToVtt } from "../../media/import/subtitles.ts";
import { isAdminViewer, visibleTitle } from "../content/index.ts";
import { content, episodes } from "../content/schema.ts";
import { visibleItem } from "../reports/index.ts";
import { loadOwnReel, reelMediaKey } from "./reel-access.ts";
import { toMyReels } from "./reel-cards.ts";
import { REEL_JOB_KIND, type ReelJobInput } from "./reel-processing.ts";
import { probeReel } from "./reel-video.ts";
import { reels } from "./schema.ts";
import { creatorReelsTopic, REELS_ADMIN_TOPIC } from "./topics.ts";

const MAX_CAPTIONS_BYTES = 1024 * 1024;

type LinkInput = z.output<typeof createReelInput>["link"];

/** The title (and episode of it) a reel may trail: one the creator can see; administrators any title. */
export async function checkLink(
  db: Executor,
  viewer: Viewer,
  link: LinkInput,
): Promise<{ linkContentId: string | null; linkEpisodeId: string | null }> {
  if (!link) return { linkContentId: null, linkEpisodeId: null };
  if (isAdminViewer(viewer)) {
    const [title] = await db.select({ id: content.id }).from(content).where(eq(content.id, link.contentId));
    if (!title) throw new AppError("NOT_FOUND", "No such title.");
  } else {
    await visibleTitle(db, viewer, link.contentId);
  }
  if (link.episodeId) {
    const [episode] = await db
      .select({ id: episodes.id })
      .from(episodes)
      .where(and(eq(episodes.id, link.episodeId), eq(episodes.contentId, link.contentId)));
    if (!episode) throw new AppError("NOT_FOUND", "That title has no such episode.");
  }
  return { linkContentId: link.contentId, linkEpisodeId: link.episodeId ?? null };
}

/** Captions sent to POST /api/uploads as WebVTT or SRT, checked and turned into WebVTT. */
async function readCaptions(deps: ServiceDeps, viewer: Viewer, uploadId: string): Promise<string> {
  const upload = await deps.media.uploads.open(uploadId, viewer.id);
  try {
    const [file] = upload.files;
    if (!file || upload.files.length !== 1) throw new AppError("BAD_REQUEST", "Send one captions file.");
    if (file.size > MAX_CAPTIONS_BYTES) {
      throw new AppError("PAYLOAD_TOO_LARGE", "That captions file is too large to be captions.");
    }
    const raw = decodeSubtitleBytes(await readFile(file.path));
    const text = /^\uFEFF?WEBVTT/.test(raw) ? raw : srtToVtt(raw);
    const check = checkVtt(text);
    if (!check.ok) throw new AppError("BAD_REQUEST", `The captions could not be read: ${check.reason}.`);
    return check.text;
  } finally {
    await deps.media.uploads.remove(uploadId);
  }
}

export async function createReel(
  deps: ServiceDeps,
  viewer: Viewer,
  input: z.output<typeof createReelInput>,
): Promise<{ reelId: string }> {
  if (input.official && !isAdminViewer(viewer)) {
    throw new AppError("FORBIDDEN", "Only administrators make official reels.");
  }
  const store = deps.media.reelUploads;
  const upload = await store.finished(input.uploadId, viewer.id);
  let captions: string | null = null;
  let probed: Awaited<ReturnType<typeof probeReel>>;
  let link: Awaited<ReturnType<typeof checkLink>>;
  try {
    link = await checkLink(deps.db, viewer, input.link);
    if (input.captionsUploadId) captions = await readCaptions(deps, viewer, input.captionsUploadId);
    const local = await store.localFile(upload);
    try {
      probed = await probeReel(local.path);
    } finally {
      await local.release();
    }
  } catch (error) {
    // Refused: the upload goes, so nothing of it is left behind.
    if (error instanceof AppError && error.code === "BAD_REQUEST") await store.remove(upload.id);
    throw error;
  }

  const reelId = crypto.randomUUID();
  try {
    await store.take(upload, reelId);
    if (captions) await store.writeCaptions(reelId, captions);
    await deps.changes.inTransaction(deps.db, async (tx) => {
      const job = await enqueueJobIn(tx, deps, {
        kind: REEL_JOB_KIND,
        input: { reelId } satisfies ReelJobInput,
        createdBy: viewer.id,
      });
      await tx.insert(reels).values({
        id: reelId,
        creatorId: viewer.id,
        caption: input.caption,
        visibility: input.visibility,
        ...link,
        isOfficial: input.official,
        sourceName: upload.name,
        durationMs: probed.durationMs,
        width: probed.width,
        height: probed.height,
        jobId: job.id,
      });
      deps.changes.changed(creatorReelsTopic(viewer.id), REELS_ADMIN_TOPIC);
    });
  } catch (error) {
    await store.removeSource(reelId);
    throw error;
  }
  return { reelId };
}

/** What a creator reads of their reel that moderators hid from everyone else. */
const HIDDEN_REEL_REASON = "Hidden by moderators: nobody else can see it.";

/**
 * The creator's reels. One moderators hid from everyone shows as a removed one does, with why
 * (it is still theirs, and comes back should the moderators show it again).
 */
export async function listMyReels(deps: ServiceDeps, viewer: Viewer): Promise<MyReel[]> {
  track(creatorReelsTopic(viewer.id));
  // Spelt out: Drizzle leaves columns unqualified in a one-table query's select list.
  const reelId = sql.raw(`"reels"."id"`);
  const rows = await deps.db
    // Shown to an adult: not hidden from everyone.
    .select({ reel: reels, isShown: visibleItem("reel", reelId, { age: 18 }).mapWith(Boolean) })
    .from(reels)
    .where(eq(reels.creatorId, viewer.id))
    .orderBy(desc(reels.createdAt), desc(reels.id));
  // Processing progress is written to the job's row.
  if (rows.some(({ reel }) => reel.status === "processing")) track(jobsTopic(REEL_JOB_KIND));
  const mine = await toMyReels(
    deps,
    rows.map(({ reel }) => reel),
  );
  return mine.map((reel, index) =>
    rows[index]?.isShown === false && reel.status === "published"
      ? { ...reel, status: "removed" as const, reason: HIDDEN_REEL_REASON }
      : reel,
  );
}

export async function updateReel(
  deps: ServiceDeps,
  viewer: Viewer,
  input: z.output<typeof updateReelInput>,
): Promise<void> {
  const reel = await loadOwnReel(deps.db, viewer, input.id);
  if (reel.status === "removed") throw new AppError("CONFLICT", "A removed reel cannot be changed.");
  const { data } = input;
  const link = data.link === undefined ? {} : await checkLink(deps.db, viewer, data.link);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .update(reels)
      .set({
        ...(data.caption === undefined ? {} : { caption: data.caption }),
        ...(data.visibility === undefined ? {} : { visibility: data.visibility }),
        ...link,
      })
      .where(eq(reels.id, reel.id));
    deps.changes.changed(creatorReelsTopic(viewer.id), REELS_ADMIN_TOPIC);
  });
}

/** Deletes one's own reel, whatever its state: a conversion under way stops, and the files go. */
export async function deleteReel(deps: ServiceDeps, viewer: Viewer, reelId: string): Promise<void> {
  const reel = await loadOwnReel(deps.db, viewer, reelId);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx.delete(reels).where(eq(reels.id, reel.id));
    deps.changes.changed(creatorReelsTopic(viewer.id), REELS_ADMIN_TOPIC);
  });
  if (reel.status === "processing" && reel.jobId) {
    await cancelJob(deps, reel.jobId, REEL_JOB_KIND).catch(() => {});
  }
  await deps.media.storage.remove(reelMediaKey(reel.id));
  await deps.media.reelUploads.removeSource(reel.id);
}
