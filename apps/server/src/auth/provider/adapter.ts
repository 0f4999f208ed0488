// The embedded provider's storage: every model instance (session, grant, interaction, code,
// token…) is one row of `oidc_payloads`, so that restarts and other processes see the same state.

import { and, eq, gt, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Database } from "../../core/db/client.ts";
import { oidcPayloads } from "../schema.ts";

/** Expired rows are deleted at most this often (per adapter factory), on the next write. */
const CLEANUP_INTERVAL_MS = 60_000;

/** A row is live while it has no expiry or its expiry is still ahead. */
const notExpired = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

class PostgresAdapter implements Adapter {
  readonly #db: Database;
  readonly #type: string;
  readonly #maybeCleanUp: () => Promise<void>;

  constructor(db: Database, type: string, maybeCleanUp: () => Promise<void>) {
    this.#db = db;
    this.#type = type;
    this.#maybeCleanUp = maybeCleanUp;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    await this.#maybeCleanUp();
    const values = {
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      // A stored instance is replaced whole, as in the provider's reference adapter.
      consumedAt: null,
      payload,
    };
    await this.#db
      .insert(oidcPayloads)
      .values({ type: this.#type, id, ...values })
      .onConflictDoUpdate({ target: [oidcPayloads.type, oidcPayloads.id], set: values });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere(eq(oidcPayloads.id, id));
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere(eq(oidcPayloads.uid, uid));
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere(eq(oidcPayloads.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.#db
      .update(oidcPayloads)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oidcPayloads.type, this.#type), eq(oidcPayloads.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.#db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.type, this.#type), eq(oidcPayloads.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.#db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.type, this.#type), eq(oidcPayloads.grantId, grantId)));
  }

  async #findWhere(condition: SQL): Promise<AdapterPayload | undefined> {
    const [row] = await this.#db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.type, this.#type), condition, notExpired()))
      .limit(1);
    if (!row) return undefined;
    // The payload column is whatever the provider gave `upsert`; it is read back as such.
    const payload = row.payload as AdapterPayload;
    // The provider detects reuse of a consumed code or refresh token through `consumed`.
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }
}

/**
 * The provider's `adapter` option: a factory of adapters, one per model name, sharing `db`.
 * Expired rows are never returned; they are deleted in passing, at most once a minute.
 */
export function createAdapterFactory(db: Database): (name: string) => Adapter {
  let nextCleanupAt = 0;
  const maybeCleanUp = async () => {
    const now = Date.now();
    if (now < nextCleanupAt) return;
    nextCleanupAt = now + CLEANUP_INTERVAL_MS;
    await db.delete(oidcPayloads).where(lte(oidcPayloads.expiresAt, sql`now()`));
  };
  return (name: string) => new PostgresAdapter(db, name, maybeCleanUp);
}
