// Processing a reel in the background (the job queue, decision 0010): its original file, taken
// from the upload, is converted (reel-video.ts) into a staging folder that moves into media
// storage whole; then the reel is published, or waits for review when the settings ask for it.
// Whatever happens, the original goes. A failure leaves the reel `failed` with the reason its
// creator reads, and no files.
import { rm } from "node:fs/promises";
import path from "node:path";
import { isAdminRole } from "@litverse/shared/users";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { jobs } from "../../core/db/schema.ts";
import { type JobHandler, plainReason } from "../../core/jobs/job-queue.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import type { LocalFile } from "../../media/reel-uploads.ts";
import { users } from "../users/schema.ts";
import { reelMediaKey } from "./reel-access.ts";
import { readReelSettings } from "./reel-settings.service.ts";
import { probeReel, transcodeReel } from "./reel-video.ts";
import { reels } from "./schema.ts";
import { creatorReelsTopic, REELS_ADMIN_TOPIC } from "./topics.ts";

export const REEL_JOB_KIND = "reel";
/** The captions' name among a converted reel's files. */
const CAPTIONS_FILE = "captions.vtt";

export interface ReelJobInput {
  reelId: string;
}

const STOPPED =
  "Processing stopped when the server restarted. Upload the video again (the original was not kept).";

/** Converts the reel's original and publishes it (or sends it for review). */
export async function processReel(
  deps: ServiceDeps,
  reelId: string,
  options: { signal?: AbortSignal; onProgress?: (fraction: number, message: string) => void } = {},
): Promise<{ status: string }> {
  const store = deps.media.reelUploads;
  const staging = await deps.media.storage.stagingDir();
  let original: LocalFile | null = null;
  try {
    const [reel] = await deps.db
      .select({ status: reels.status, creatorRole: users.role, creatorId: reels.creatorId })
      .from(reels)
      .innerJoin(users, eq(users.id, reels.creatorId))
      .where(eq(reels.id, reelId));
    // Deleted (or already done) meanwhile: nothing to make.
    if (reel?.status !== "processing") return { status: reel?.status ?? "deleted" };
    original = await store.sourceFile(reelId);
    const probed = await probeReel(original.path, options.signal);
    const converted = await transcodeReel(original.path, probed, staging, options);
    const hasCaptions = await store.captionsInto(reelId, path.join(staging, CAPTIONS_FILE));
    options.signal?.throwIfAborted();

    const key = reelMediaKey(reelId);
    await deps.media.storage.remove(key);
    await deps.media.storage.moveIn(staging, key);
    const { requireReview } = await readReelSettings(deps.db);
    const status = requireReview && !isAdminRole(reel.creatorRole) ? "pending_review" : "published";
    const updated = await deps.changes.inTransaction(deps.db, async (tx) => {
      const rows = await tx
        .update(reels)
        .set({
          status,
          durationMs: converted.durationMs,
          width: converted.width,
          height: converted.height,
          hasAudio: converted.hasAudio,
          hasPoster: converted.hasPoster,
          hasCaptions,
          publishedAt: status === "published" ? new Date() : null,
        })
        .where(and(eq(reels.id, reelId), eq(reels.status, "processing")))
        .returning({ id: reels.id });
      deps.changes.changed(creatorReelsTopic(reel.creatorId), REELS_ADMIN_TOPIC);
      return rows.length > 0;
    });
    // Deleted while converting: its files go too.
    if (!updated) await deps.media.storage.remove(key);
    return { status: updated ? status : "deleted" };
  } finally {
    await original?.release();
    await rm(staging, { recursive: true, force: true });
    await store.removeSource(reelId);
  }
}

/** Marks a reel that could not be processed as failed, with the reason its creator reads. */
export async function failReel(deps: ServiceDeps, reelId: string, reason: string): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .update(reels)
      .set({ status: "failed", reason })
      .where(and(eq(reels.id, reelId), eq(reels.status, "processing")))
      .returning({ creatorId: reels.creatorId });
    if (row) deps.changes.changed(creatorReelsTopic(row.creatorId), REELS_ADMIN_TOPIC);
  });
  await deps.media.reelUploads.removeSource(reelId);
  await deps.media.storage.remove(reelMediaKey(reelId));
}

export function reelJobHandler(deps: ServiceDeps): JobHandler<ReelJobInput, { status: string }> {
  return {
    kind: REEL_JOB_KIND,
    run: (job) =>
      processReel(deps, job.input.reelId, {
        signal: job.signal,
        onProgress: (fraction, message) => job.report(fraction, message),
      }),
    describeFailure: plainReason,
    onFailure: (job, reason) => failReel(deps, job.input.reelId, reason),
  };
}

/**
 * Reels left `processing` by a job that will not finish them (its server stopped, it was
 * cancelled, or it is gone): failed, with a reason, their originals removed.
 */
export async function failStrandedReels(deps: ServiceDeps): Promise<number> {
  const stranded = await deps.db
    .select({ id: reels.id, error: jobs.error, status: jobs.status })
    .from(reels)
    .leftJoin(jobs, eq(jobs.id, reels.jobId))
    .where(
      and(
        eq(reels.status, "processing"),
        or(isNull(jobs.id), inArray(jobs.status, ["failed", "cancelled", "succeeded"])),
        // A job that has just ended is given a moment to record its own outcome.
        sql`coalesce(${jobs.finishedAt}, ${reels.createdAt}) < now() - interval '1 minute'`,
      ),
    );
  for (const reel of stranded) {
    await failReel(
      deps,
      reel.id,
      reel.status === "failed" && reel.error ? STOPPED : "Processing was stopped.",
    );
  }
  return stranded.length;
}
