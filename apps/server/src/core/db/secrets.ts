// Secrets the server makes for itself and every process shares, such as the media URL signing
// key: kept in the database so that a URL signed by one process verifies in another, and across
// restarts.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Executor } from "./client.ts";
import { serverSecrets } from "./schema.ts";

export const MEDIA_URL_SIGNING_SECRET = "media-url-signing";

/**
 * The secret called `name`, made (32 random bytes) the first time. Processes starting together
 * each propose one; the first insert wins and everyone reads the winner.
 */
export async function loadOrCreateSecret(db: Executor, name: string): Promise<Buffer> {
  return Buffer.from(
    await loadOrCreateValue(db, name, () => randomBytes(32).toString("base64url")),
    "base64url",
  );
}

/** The stored value called `name`, made with `make` the first time (the same race rules). */
export async function loadOrCreateValue(db: Executor, name: string, make: () => string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: make() })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`Server secret ${name} could not be stored.`);
  return row.value;
}
