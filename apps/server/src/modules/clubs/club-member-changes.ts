// What joining, leaving and moderation share: announcing a change to someone's place in a club,
// taking them out of it (and out of their seat), and their name for notifications.
import { and, eq, sql } from "drizzle-orm";
import type { Executor, Transaction } from "../../core/db/client.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { personById } from "../profiles/index.ts";
import { clubMembersTopic, clubMemberTopic, DISCOVER_CLUBS_TOPIC, myClubsTopic } from "./club-access.ts";
import { clubMembers, clubs } from "./schema.ts";

/** Announces a change to `userId`'s place in the club. */
export function memberChanged(deps: ServiceDeps, clubId: string, userId: string): void {
  deps.changes.changed(
    clubMemberTopic(clubId, userId),
    clubMembersTopic(clubId),
    myClubsTopic(userId),
    DISCOVER_CLUBS_TOPIC,
  );
}

async function freeSeat(tx: Transaction, clubId: string): Promise<void> {
  await tx
    .update(clubs)
    .set({ memberCount: sql`${clubs.memberCount} - 1` })
    .where(eq(clubs.id, clubId));
}

export async function nameOf(db: Executor, userId: string): Promise<string> {
  return (await personById(db, userId))?.name ?? "Someone";
}

export async function dropMember(deps: ServiceDeps, clubId: string, userId: string): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const [removed] = await tx
      .delete(clubMembers)
      .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)))
      .returning({ status: clubMembers.status });
    if (removed?.status === "active") await freeSeat(tx, clubId);
    memberChanged(deps, clubId, userId);
  });
}
