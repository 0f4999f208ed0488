// The embedded provider's keys: RS256 signing keys (ID tokens, JWT access tokens) and the secrets
// that sign its cookies. Generated once, stored in `oidc_keys`, shared by every process and kept
// across restarts, so tokens and browser sessions survive them.
import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose";
import { z } from "zod";
import type { Database, Executor } from "../../core/db/client.ts";
import { oidcKeys } from "../schema.ts";

export interface ProviderKeys {
  /** Private signing keys, newest first: the first signs, all are published for verification. */
  jwks: { keys: JWK[] };
  /** Cookie secrets, newest first: the first signs, all verify. */
  cookieKeys: string[];
}

export interface RotationResult {
  /** The key that signs from now on (after the servers restart). */
  kid: string;
  /** Keys still published: the new one and the one before it. */
  published: string[];
  /** Keys no longer published nor used. */
  retired: string[];
}

/**
 * Serializes key creation and rotation between processes on one PostgreSQL: the first start of
 * two processes at once must not create two different "first" keys. An arbitrary constant,
 * unique to this use within the database.
 */
const KEYS_LOCK_ID = 4_242_001;

const signingMaterial = z.looseObject({
  kty: z.literal("RSA"),
  kid: z.string().min(1),
  alg: z.literal("RS256"),
  use: z.literal("sig"),
  n: z.string().min(1),
  e: z.string().min(1),
  d: z.string().min(1),
});
const cookieMaterial = z.object({ secret: z.string().min(32) });

async function lockKeys(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(KEYS_LOCK_ID))})`);
}

/** Non-retired keys of one kind, newest first. */
async function activeKeys(tx: Executor, kind: "signing" | "cookie") {
  return tx
    .select({ id: oidcKeys.id, material: oidcKeys.material })
    .from(oidcKeys)
    .where(and(eq(oidcKeys.kind, kind), isNull(oidcKeys.retiredAt)))
    .orderBy(desc(oidcKeys.createdAt), desc(oidcKeys.id));
}

// clock_timestamp() rather than the column default now(): now() is the transaction's start, and a
// rotation must order its new key after every older one even within one transaction.
async function insertSigningKey(tx: Executor): Promise<string> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  await tx.insert(oidcKeys).values({
    kind: "signing",
    material: { ...jwk, kid, alg: "RS256", use: "sig" },
    createdAt: sql`clock_timestamp()`,
  });
  return kid;
}

async function insertCookieKey(tx: Executor): Promise<void> {
  await tx.insert(oidcKeys).values({
    kind: "cookie",
    material: { secret: randomBytes(32).toString("base64url") },
    createdAt: sql`clock_timestamp()`,
  });
}

/** The keys to start the provider with, created on first use. */
export async function loadKeys(db: Database): Promise<ProviderKeys> {
  return db.transaction(async (tx) => {
    await lockKeys(tx);
    let signing = await activeKeys(tx, "signing");
    if (signing.length === 0) {
      await insertSigningKey(tx);
      signing = await activeKeys(tx, "signing");
    }
    let cookie = await activeKeys(tx, "cookie");
    if (cookie.length === 0) {
      await insertCookieKey(tx);
      cookie = await activeKeys(tx, "cookie");
    }
    return {
      // A row that does not parse is a bug or tampering: better to refuse to start than to sign
      // with something unexpected.
      jwks: { keys: signing.map((row) => signingMaterial.parse(row.material) as JWK) },
      cookieKeys: cookie.map((row) => cookieMaterial.parse(row.material).secret),
    };
  });
}

/**
 * Adds a new signing key, which signs from the next start on. The previous key stays published
 * so that tokens it signed still verify; keys older than it are retired. Rotate at most once per
 * access/ID token lifetime, or tokens signed by the key retired now stop verifying early.
 */
export async function rotateSigningKey(db: Database): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    await lockKeys(tx);
    const kid = await insertSigningKey(tx);
    const active = (await activeKeys(tx, "signing")).map((row) => ({
      id: row.id,
      kid: signingMaterial.parse(row.material).kid,
    }));
    const kept = active.slice(0, 2);
    const retired = active.slice(2);
    if (retired.length > 0) {
      await tx
        .update(oidcKeys)
        .set({ retiredAt: sql`now()` })
        .where(
          inArray(
            oidcKeys.id,
            retired.map((key) => key.id),
          ),
        );
    }
    return { kid, published: kept.map((key) => key.kid), retired: retired.map((key) => key.kid) };
  });
}
