// Writing a profile: its fields, its handle (the old one kept leading here for a while) and its
// picture. Kept apart from the profile's reads, which gather clubs, titles and friends, so that
// the team's personas can be edited through the same code without importing all of that.
import { createHash } from "node:crypto";
import type { updateProfileInput } from "@litverse/shared/people-inputs";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../core/db/client.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { reencodeUploadedImage } from "../../media/personal-images.ts";
import { users } from "../users/schema.ts";
import { userTopic } from "../users/topics.ts";
import { handleRefusal } from "./handles.ts";
import { ensureProfileRow, personTopic } from "./people.ts";
import { handleHistory, profiles } from "./schema.ts";

export const AVATAR_SIZE = 512;

export type ProfileUpdate = z.output<typeof updateProfileInput>;

/** Saves the changed fields; a new handle keeps the old one leading here for 30 days. */
export async function editProfile(deps: ServiceDeps, userId: string, update: ProfileUpdate): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await ensureProfileRow(tx, userId);
    const profileChanges = {
      ...(update.displayName !== undefined && { displayName: update.displayName }),
      ...(update.bio !== undefined && { bio: update.bio }),
      ...(update.favouriteGenres !== undefined && { favouriteGenres: [...new Set(update.favouriteGenres)] }),
      ...(update.timeZone !== undefined && { timeZone: update.timeZone }),
      ...(update.detailsVisibility !== undefined && { detailsVisibility: update.detailsVisibility }),
      ...(update.activityVisibility !== undefined && { activityVisibility: update.activityVisibility }),
      ...(update.libraryVisibility !== undefined && { libraryVisibility: update.libraryVisibility }),
    };
    if (Object.keys(profileChanges).length > 0) {
      await tx.update(profiles).set(profileChanges).where(eq(profiles.userId, userId));
    }
    if (update.handle !== undefined) await changeHandle(tx, userId, update.handle);
    if (update.age !== undefined) await tx.update(users).set({ age: update.age }).where(eq(users.id, userId));
    deps.changes.changed(personTopic(userId), userTopic(userId));
  });
}

async function changeHandle(tx: Executor, userId: string, wanted: string): Promise<void> {
  const handle = wanted.toLowerCase();
  const [me] = await tx.select({ handle: users.handle }).from(users).where(eq(users.id, userId));
  if (me?.handle?.toLowerCase() === handle) return;
  const refusal = await handleRefusal(tx, handle, userId);
  if (refusal) throw refusal;
  // Taking back one's own old handle ends its redirect; the handle given up starts one.
  await tx.delete(handleHistory).where(eq(handleHistory.handle, handle));
  if (me?.handle) {
    await tx
      .insert(handleHistory)
      .values({ handle: me.handle.toLowerCase(), userId })
      .onConflictDoUpdate({ target: handleHistory.handle, set: { userId, releasedAt: new Date() } });
  }
  await tx.update(users).set({ handle }).where(eq(users.id, userId));
}

/** Gives `userId` the picture `uploaderId` uploaded (themselves, or a team member for a persona). */
export async function setAvatarOf(
  deps: ServiceDeps,
  userId: string,
  picture: { uploaderId: string; uploadId: string; crop: { x: number; y: number; size: number } },
): Promise<void> {
  const image = await reencodeUploadedImage(deps, picture.uploaderId, picture.uploadId, {
    crop: picture.crop,
    maxEdge: AVATAR_SIZE,
  });
  const hash = createHash("sha256").update(image.data).digest("hex").slice(0, 12);
  const key = `avatars/${userId}/avatar-${hash}.webp`;
  await deps.media.storage.writeFile(key, image.data);
  const [row] = await deps.db
    .select({ avatarKey: profiles.avatarKey })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  const previous = row?.avatarKey ?? null;
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await ensureProfileRow(tx, userId);
    await tx.update(profiles).set({ avatarKey: key }).where(eq(profiles.userId, userId));
    deps.changes.changed(personTopic(userId));
  });
  if (previous && previous !== key) await deps.media.storage.remove(previous);
}
