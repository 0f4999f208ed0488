// A persona as the services see a caller: team members act through it, never as themselves.
import { eq } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import type { Viewer } from "../../core/service-deps.ts";
import { TEAM_PERSONA_ISSUER } from "../users/index.ts";
import { users } from "../users/schema.ts";

export const NO_SUCH_PERSONA = "That persona is not here.";

/** The persona as a caller of the other modules' services, or NOT_FOUND for anyone else. */
export async function personaViewer(db: Executor, personaId: string): Promise<Viewer> {
  const [row] = await db
    .select({ issuer: users.issuer, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, personaId));
  if (!row || row.issuer !== TEAM_PERSONA_ISSUER || row.deletedAt) {
    throw new AppError("NOT_FOUND", NO_SUCH_PERSONA);
  }
  // Personas speak to everyone: adults, so that no age-gated place is closed to them.
  return { id: personaId, role: "user", age: 18 };
}
