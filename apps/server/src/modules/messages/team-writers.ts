// Who on the team wrote each message a persona sent, for the persona's inbox.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { personColumns, toPersonSummary } from "../profiles/index.ts";
import { profiles } from "../profiles/schema.ts";
import { users } from "../users/schema.ts";
import { messages } from "./schema.ts";

/** The team member behind each of these messages that has one, by message id. */
export async function teamWritersOf(
  db: Executor,
  messageIds: readonly string[],
): Promise<Map<string, { _id: string; name: string }>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .select({ messageId: messages.id, ...personColumns })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.writtenBy))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(inArray(messages.id, [...messageIds]), isNotNull(messages.writtenBy)));
  return new Map(
    rows.map((row) => {
      const person = toPersonSummary(row);
      return [row.messageId, { _id: person._id, name: person.name }];
    }),
  );
}
