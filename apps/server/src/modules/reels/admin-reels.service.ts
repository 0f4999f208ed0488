// The administrators' side of reels: every reel with filters, review (approve, reject with a
// reason), removal (with a reason; the files go) and featuring. Creators hear of each decision.
import { ADMIN_REELS_PAGE_SIZE, type AdminReelPage } from "@litverse/shared/reels";
import type { adminListReelsInput } from "@litverse/shared/reels-inputs";
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import { decodeTimeCursor, encodeTimeCursor, olderThan } from "../../core/db/cursor.ts";
import { AppError } from "../../core/errors.ts";
import { cancelJob, jobsTopic } from "../../core/jobs/job-queue.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { likePattern } from "../content/index.ts";
import { content } from "../content/schema.ts";
import { notify } from "../notifications/index.ts";
import { users } from "../users/schema.ts";
import { loadAnyReel, type ReelRow, reelMediaKey } from "./reel-access.ts";
import { toAdminReels } from "./reel-cards.ts";
import { REEL_JOB_KIND } from "./reel-processing.ts";
import { reels } from "./schema.ts";
import { creatorReelsTopic, REELS_ADMIN_TOPIC } from "./topics.ts";

export async function adminListReels(
  deps: ServiceDeps,
  input: z.output<typeof adminListReelsInput>,
): Promise<AdminReelPage> {
  const { db } = deps;
  track(REELS_ADMIN_TOPIC);
  const after = input.cursor ? decodeTimeCursor(input.cursor) : null;
  const search = input.search ? likePattern(input.search) : null;
  const conditions: Array<SQL | undefined> = [
    input.status ? eq(reels.status, input.status) : undefined,
    input.creator ? eq(reels.creatorId, input.creator) : undefined,
    typeof input.official === "boolean" ? eq(reels.isOfficial, input.official) : undefined,
    input.featured === true ? isNotNull(reels.featuredAt) : undefined,
    input.featured === false ? isNull(reels.featuredAt) : undefined,
    search
      ? or(
          ilike(reels.caption, search),
          ilike(users.name, search),
          ilike(users.handle, search),
          ilike(content.title, search),
        )
      : undefined,
    after ? olderThan(reels, after) : undefined,
  ];
  const [rows, [pending]] = await Promise.all([
    db
      .select({ reel: reels })
      .from(reels)
      .innerJoin(users, eq(users.id, reels.creatorId))
      .leftJoin(content, eq(content.id, reels.linkContentId))
      .where(and(...conditions))
      .orderBy(desc(reels.createdAt), desc(reels.id))
      .limit(ADMIN_REELS_PAGE_SIZE + 1),
    db.select({ count: count() }).from(reels).where(eq(reels.status, "pending_review")),
  ]);
  const page = rows.slice(0, ADMIN_REELS_PAGE_SIZE).map((row) => row.reel);
  if (page.some((row) => row.status === "processing")) track(jobsTopic(REEL_JOB_KIND));
  const last = page.at(-1);
  return {
    items: await toAdminReels(deps, page),
    nextCursor:
      rows.length > ADMIN_REELS_PAGE_SIZE && last ? encodeTimeCursor(last.createdAt, last.id) : null,
    pendingCount: pending?.count ?? 0,
  };
}

/** A reel as the audit trail keeps it: its review state, not its figures or files. */
function reelSnapshot(row: ReelRow) {
  return {
    creatorId: row.creatorId,
    status: row.status,
    visibility: row.visibility,
    caption: row.caption,
    reason: row.reason,
    featuredAt: row.featuredAt?.toISOString() ?? null,
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

type Decision = "approve" | "reject" | "remove";

const ALLOWED_FROM: Record<Decision, readonly ReelRow["status"][]> = {
  approve: ["pending_review", "rejected"],
  reject: ["pending_review", "published"],
  remove: ["processing", "pending_review", "published", "rejected", "failed"],
};

const REFUSALS: Record<Decision, string> = {
  approve: "Only reels waiting for review or rejected can be approved.",
  reject: "Only reels waiting for review or published can be rejected.",
  remove: "This reel has been removed already.",
};

/** Applies an administrator's decision to a reel, with the row locked, and tells its creator. */
async function decide(
  deps: ServiceDeps,
  admin: SessionUser,
  reelId: string,
  decision: Decision,
  reason: string | null,
): Promise<ReelRow> {
  const reel = await deps.changes.inTransaction(deps.db, async (tx) => {
    const row = await loadAnyReel(tx, reelId, true);
    if (!ALLOWED_FROM[decision].includes(row.status)) throw new AppError("CONFLICT", REFUSALS[decision]);
    const now = new Date();
    const [updated] = await tx
      .update(reels)
      .set({
        status: decision === "approve" ? "published" : decision === "reject" ? "rejected" : "removed",
        reason,
        reviewedBy: admin.id,
        reviewedAt: now,
        ...(decision === "approve" ? { publishedAt: row.publishedAt ?? now } : {}),
        ...(decision === "approve" ? {} : { featuredAt: null }),
      })
      .where(eq(reels.id, reelId))
      .returning();
    deps.changes.changed(creatorReelsTopic(row.creatorId), REELS_ADMIN_TOPIC);
    noteChange({
      objectType: "reel",
      objectId: reelId,
      before: reelSnapshot(row),
      after: updated ? reelSnapshot(updated) : null,
    });
    return { before: row, after: updated as ReelRow };
  });
  if (decision === "remove") {
    if (reel.before.status === "processing" && reel.before.jobId) {
      await cancelJob(deps, reel.before.jobId, REEL_JOB_KIND).catch(() => {});
    }
    await deps.media.storage.remove(reelMediaKey(reelId));
    await deps.media.reelUploads.removeSource(reelId);
  }
  if (reel.after.creatorId !== admin.id) {
    const caption = reel.after.caption ? `“${reel.after.caption.slice(0, 60)}”` : "Your reel";
    await notify(deps, reel.after.creatorId, {
      kind: "system",
      title:
        decision === "approve"
          ? "Your reel is published"
          : decision === "reject"
            ? "Your reel was not approved"
            : "Your reel was removed",
      body: reason ? `${caption}: ${reason}` : caption,
      link: "/profile/reels",
      actorId: admin.id,
    });
  }
  return reel.after;
}

export async function approveReel(deps: ServiceDeps, admin: SessionUser, reelId: string): Promise<void> {
  await decide(deps, admin, reelId, "approve", null);
}

export async function rejectReel(
  deps: ServiceDeps,
  admin: SessionUser,
  reelId: string,
  reason: string,
): Promise<void> {
  await decide(deps, admin, reelId, "reject", reason);
}

export async function removeReel(
  deps: ServiceDeps,
  admin: SessionUser,
  reelId: string,
  reason: string,
): Promise<void> {
  await decide(deps, admin, reelId, "remove", reason);
}

/** Featured reels rank higher in everyone's feed; only published reels can be featured. */
export async function featureReel(deps: ServiceDeps, reelId: string, featured: boolean): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const row = await loadAnyReel(tx, reelId, true);
    if (featured && row.status !== "published") {
      throw new AppError("CONFLICT", "Only published reels can be featured.");
    }
    const [updated] = await tx
      .update(reels)
      .set({ featuredAt: featured ? (row.featuredAt ?? new Date()) : null })
      .where(eq(reels.id, reelId))
      .returning();
    deps.changes.changed(creatorReelsTopic(row.creatorId), REELS_ADMIN_TOPIC);
    noteChange({
      objectType: "reel",
      objectId: reelId,
      before: reelSnapshot(row),
      after: updated ? reelSnapshot(updated) : null,
    });
  });
}
