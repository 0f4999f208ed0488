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
    /** When the person followed a link we sent to the address. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [uniqueIndex("accounts_email_key").on(sql`lower(${table.email})`)],
);

export const ACCOUNT_TOKEN_PURPOSES = ["reset_password", "verify_email"] as const;

/**
 * Single-use links sent by email: a password reset, or the proof that an address (the account's, or
 * the new one it is changing to) is the person's. Only a hash of the token is kept.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: idColumn(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    /** The address the link was sent to, which verifying it proves. */
    email: text("email").notNull(),
    /** SHA-256 of the token, base64url. */
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("account_tokens_hash_key").on(table.tokenHash),
    index("account_tokens_account_idx").on(table.accountId, table.purpose),
  ],
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
