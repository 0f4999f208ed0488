// Club polls as the moderators' report targets: a poll the reporter may see in its club.
import { eq } from "drizzle-orm";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import type { ReportTarget } from "../reports/index.ts";
import { loadClubFor } from "./club-access.ts";
import { clubPolls } from "./schema.ts";

export async function clubPollReportTarget(
  deps: ServiceDeps,
  viewer: SessionUser,
  pollId: string,
): Promise<ReportTarget> {
  const [poll] = await deps.db.select().from(clubPolls).where(eq(clubPolls.id, pollId));
  if (!poll) throw new AppError("NOT_FOUND", "No such poll.");
  const access = await loadClubFor(deps.db, poll.clubId, viewer.id, "listClubPolls");
  if (poll.authorId === viewer.id) throw new AppError("BAD_REQUEST", "You cannot report your own poll.");
  return {
    kind: "club_poll",
    id: poll.id,
    userId: poll.authorId,
    snapshot: poll.question,
    label: `A poll in ${access.club.name}`,
  };
}
