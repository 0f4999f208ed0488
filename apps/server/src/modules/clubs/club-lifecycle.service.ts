// A book club's life: creating it, changing its details and cover, renewing its invitation link,
// deleting it.
import { createHash, randomBytes } from "node:crypto";
import { CLUB_MEMBER_LIMIT_DEFAULT } from "@litverse/shared/clubs";
import type { createClubInput, updateClubInput } from "@litverse/shared/clubs-inputs";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { reencodeUploadedImage } from "../../media/personal-images.ts";
import { rewardClubFounded } from "../rewards/index.ts";
import {
  clubMembersTopic,
  clubMemberTopic,
  clubTopic,
  DISCOVER_CLUBS_TOPIC,
  loadClubFor,
  myClubsTopic,
} from "./club-access.ts";
import { clubMembers, clubs } from "./schema.ts";

const COVER_EDGE = 1200;

function newInviteCode(): string {
  return randomBytes(12).toString("base64url");
}

/** Stores an uploaded picture as the club's cover; returns its key. */
async function storeCover(
  deps: ServiceDeps,
  viewer: SessionUser,
  clubId: string,
  uploadId: string,
): Promise<string> {
  const image = await reencodeUploadedImage(deps, viewer.id, uploadId, { maxEdge: COVER_EDGE });
  const hash = createHash("sha256").update(image.data).digest("hex").slice(0, 12);
  const key = `club-covers/${clubId}/cover-${hash}.webp`;
  await deps.media.storage.writeFile(key, image.data);
  return key;
}

export async function createClub(
  deps: ServiceDeps,
  viewer: SessionUser,
  input: z.output<typeof createClubInput>,
): Promise<{ clubId: string }> {
  const club = await deps.changes.inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(clubs)
      .values({
        name: input.name,
        description: input.description,
        rules: input.rules,
        privacy: input.privacy,
        ownerId: viewer.id,
        memberLimit: input.memberLimit ?? CLUB_MEMBER_LIMIT_DEFAULT,
        memberCount: 1,
        inviteCode: newInviteCode(),
      })
      .returning();
    if (!row) throw new AppError("CONFLICT", "Could not create the club.");
    await tx
      .insert(clubMembers)
      .values({ clubId: row.id, userId: viewer.id, role: "owner", status: "active", joinedAt: new Date() });
    await rewardClubFounded(deps, tx, viewer.id, row.id);
    deps.changes.changed(DISCOVER_CLUBS_TOPIC, myClubsTopic(viewer.id));
    return row;
  });
  if (input.coverUploadId) {
    const key = await storeCover(deps, viewer, club.id, input.coverUploadId);
    await deps.changes.inTransaction(deps.db, async (tx) => {
      await tx.update(clubs).set({ coverKey: key }).where(eq(clubs.id, club.id));
      deps.changes.changed(clubTopic(club.id));
    });
  }
  return { clubId: club.id };
}

export async function updateClub(
  deps: ServiceDeps,
  viewer: SessionUser,
  input: z.output<typeof updateClubInput>,
): Promise<void> {
  const { club } = await loadClubFor(deps.db, input.clubId, viewer.id, "updateClub");
  if (input.memberLimit !== undefined && input.memberLimit < club.memberCount) {
    throw new AppError(
      "BAD_REQUEST",
      `The club has ${club.memberCount} members: the limit cannot be lower than that.`,
    );
  }
  let coverKey: string | null | undefined;
  if (input.coverUploadId) coverKey = await storeCover(deps, viewer, club.id, input.coverUploadId);
  else if (input.coverUploadId === null) coverKey = null;
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .update(clubs)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.rules !== undefined ? { rules: input.rules } : {}),
        ...(input.privacy !== undefined ? { privacy: input.privacy } : {}),
        ...(input.memberLimit !== undefined ? { memberLimit: input.memberLimit } : {}),
        ...(coverKey !== undefined ? { coverKey } : {}),
      })
      .where(eq(clubs.id, club.id));
    deps.changes.changed(clubTopic(club.id), DISCOVER_CLUBS_TOPIC);
  });
  if (coverKey !== undefined && club.coverKey && club.coverKey !== coverKey) {
    await deps.media.storage.remove(club.coverKey);
  }
}

/** A new invitation link; the old one stops working. */
export async function renewInviteCode(deps: ServiceDeps, viewer: SessionUser, clubId: string): Promise<void> {
  await loadClubFor(deps.db, clubId, viewer.id, "renewInviteCode");
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx.update(clubs).set({ inviteCode: newInviteCode() }).where(eq(clubs.id, clubId));
    deps.changes.changed(clubTopic(clubId));
  });
}

export async function deleteClub(deps: ServiceDeps, viewer: SessionUser, clubId: string): Promise<void> {
  const { club } = await loadClubFor(deps.db, clubId, viewer.id, "deleteClub");
  const members = await deps.db
    .select({ userId: clubMembers.userId })
    .from(clubMembers)
    .where(eq(clubMembers.clubId, clubId));
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx.delete(clubs).where(eq(clubs.id, clubId));
    deps.changes.changed(
      clubTopic(clubId),
      clubMembersTopic(clubId),
      DISCOVER_CLUBS_TOPIC,
      ...members.map((member) => myClubsTopic(member.userId)),
      ...members.map((member) => clubMemberTopic(clubId, member.userId)),
    );
  });
  if (club.coverKey) await deps.media.storage.remove(club.coverKey);
}
