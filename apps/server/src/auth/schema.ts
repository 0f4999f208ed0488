import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { idColumn, timestamps } from "../core/db/columns.ts";

/** People who sign in with the embedded OpenID provider. `id` is their subject (`sub`). */
export const accounts = pgTable(
  "accounts",
  {
    id: idColumn(),
    email: text("email").notNull(),
    displayName: text("display_name").notNull(),
    /** scrypt hash in PHC-like form: `scrypt$N$r$p$salt$hash` (base64url parts). */
    passwordHash: text("password_hash").notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex("accounts_email_key").on(sql`lower(${table.email})`)],
);

/**
 * The embedded provider's state (sessions, grants, codes, tokens, interactions), one row per
 * stored model instance, so that a restart signs nobody out.
 */
export const oidcPayloads = pgTable(
  "oidc_payloads",
  {
    id: text("id").notNull(),
    /** The provider's model name: Session, Grant, AuthorizationCode, RefreshToken, … */
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    grantId: text("grant_id"),
    userCode: text("user_code"),
    uid: text("uid"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.type, table.id] }),
    index("oidc_payloads_grant_id_idx").on(table.grantId),
    index("oidc_payloads_uid_idx").on(table.uid),
    index("oidc_payloads_user_code_idx").on(table.userCode),
    index("oidc_payloads_expires_at_idx").on(table.expiresAt),
  ],
);

/** Signing keys (private JWKs) and cookie secrets, generated once and kept; newest first is used. */
export const oidcKeys = pgTable("oidc_keys", {
  id: uuid("id").primaryKey().defaultRandom(),
  kind: text("kind", { enum: ["signing", "cookie"] }).notNull(),
  material: jsonb("material").notNull(),
  /** Retired keys are no longer published nor used. */
  retiredAt: timestamp("retired_at", { withTimezone: true }),
  ...timestamps(),
});

/** Failed sign-in counters per account (`email:<address>`) and per client address (`ip:<addr>`). */
export const signInThrottle = pgTable("sign_in_throttle", {
  id: text("id").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp("blocked_until", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
