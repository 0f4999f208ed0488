// Which users are community personas: accounts the team runs in the open, with no sign-in of
// their own. The issuer marks them, so that every read of a person can tell at no extra cost.
import { eq } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { users } from "./schema.ts";

/** Users of this issuer are the team's personas: nobody signs in as them. */
export const TEAM_PERSONA_ISSUER = "litverse:team-persona";

/** Whether this user is one of the team's personas. */
export async function isTeamPersona(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ issuer: users.issuer }).from(users).where(eq(users.id, userId));
  return row?.issuer === TEAM_PERSONA_ISSUER;
}
