// People as the moderators' report targets: their profile (name, handle, bio) or their picture.
import type { ReportTarget } from "@litverse/shared/moderation";
import { eq } from "drizzle-orm";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { personById } from "./people.ts";
import { profiles } from "./schema.ts";

export const PROFILE_NOT_AVAILABLE = "This profile is not available.";

export async function profileReportTarget(
  deps: ServiceDeps,
  viewer: SessionUser,
  userId: string,
  kind: "profile" | "profile_picture" = "profile",
): Promise<ReportTarget> {
  if (userId === viewer.id) throw new AppError("BAD_REQUEST", "You cannot report yourself.");
  const person = await personById(deps.db, userId);
  if (!person) throw new AppError("NOT_FOUND", PROFILE_NOT_AVAILABLE);
  if (kind === "profile_picture") {
    if (!person.avatarUrl) throw new AppError("BAD_REQUEST", "This person has no picture to report.");
    return { kind, id: userId, userId, snapshot: person.avatarUrl, label: `${person.name}'s picture` };
  }
  const [profile] = await deps.db
    .select({ bio: profiles.bio })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return {
    kind,
    id: userId,
    userId,
    snapshot: [person.name, person.handle ? `@${person.handle}` : null, profile?.bio]
      .filter(Boolean)
      .join(" · "),
    label: person.name,
  };
}
