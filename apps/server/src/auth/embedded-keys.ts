// Verification keys of the embedded provider, read from its key table rather than fetched from its
// own public URL (which a server behind a proxy may not be able to reach).
import { and, eq, isNull } from "drizzle-orm";
import { createLocalJWKSet, type JSONWebKeySet, type JWK, type JWTVerifyGetKey } from "jose";
import type { Database } from "../core/db/client.ts";
import { oidcKeys } from "./schema.ts";

const PRIVATE_PARTS = ["d", "p", "q", "dp", "dq", "qi", "k"] as const;
/** A token signed with a key we have not seen re-reads the table, at most this often. */
const REFRESH_INTERVAL_MS = 10_000;

export function publicJwk(jwk: JWK): JWK {
  const copy: Record<string, unknown> = { ...jwk };
  for (const part of PRIVATE_PARTS) delete copy[part];
  return copy as JWK;
}

export function embeddedKeySet(db: Database): JWTVerifyGetKey {
  let keySet: JWTVerifyGetKey | null = null;
  let loadedAt = 0;
  const load = async () => {
    const rows = await db
      .select({ material: oidcKeys.material })
      .from(oidcKeys)
      .where(and(eq(oidcKeys.kind, "signing"), isNull(oidcKeys.retiredAt)));
    const jwks: JSONWebKeySet = { keys: rows.map((row) => publicJwk(row.material as JWK)) };
    keySet = createLocalJWKSet(jwks);
    loadedAt = Date.now();
    return keySet;
  };
  return async (header, token) => {
    const current = keySet ?? (await load());
    try {
      return await current(header, token);
    } catch (error) {
      if (Date.now() - loadedAt < REFRESH_INTERVAL_MS) throw error;
      return (await load())(header, token);
    }
  };
}
