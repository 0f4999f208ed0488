import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { idColumn, timestamps } from "../../core/db/columns.ts";
import { handleSkeletonSql } from "../../core/db/handle-skeleton.ts";

export const userRole = pgEnum("user_role", ["user", "admin", "superadmin"]);

export const users = pgTable(
  "users",
  {
    id: idColumn(),
    /** Identity provider issuer and subject together identify a person. */
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    email: text("email"),
    /** When this address was shown to be the person's (a link we sent, or the provider's word). */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    name: text("name"),
    picture: text("picture"),
    handle: text("handle"),
    role: userRole("role").notNull().default("user"),
    age: smallint("age"),
    /** Suspended until then (sign-in and every call refused with the reason); null: not suspended. */
    suspendedUntil: timestamp("suspended_until", { withTimezone: true }),
    /** Banned since then, until an administrator lifts it. */
    bannedAt: timestamp("banned_at", { withTimezone: true }),
    /** Why the account is suspended or banned, as the person is told. */
    restrictionReason: text("restriction_reason"),
    /** While suspended or banned, what the person wrote in public (posts, comments, profile) is hidden. */
    contentHidden: boolean("content_hidden").notNull().default(false),
    /** Access tokens issued before then are refused: "sign out everywhere", suspensions and bans. */
    sessionsEndedAt: timestamp("sessions_ended_at", { withTimezone: true }),
    /** Moderators froze what the person earns (coins from rewards and payouts) from then on. */
    earningsFrozenAt: timestamp("earnings_frozen_at", { withTimezone: true }),
    /** The account was deleted then: its personal data erased, its money records kept under no name. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("users_issuer_subject_key").on(table.issuer, table.subject),
    uniqueIndex("users_handle_key").on(sql`lower(${table.handle})`),
    /**
     * Handles that look alike (UTS #39 skeletons): a new handle may not look like another
     * person's. Not unique, as look-alikes taken before this was checked stay with their holders.
     */
    index("users_handle_skeleton_idx").on(handleSkeletonSql(table.handle)),
    check("users_age_check", sql`${table.age} is null or ${table.age} in (13, 16, 18)`),
    // User management's search: a handle or an email from its start, a name anywhere in it.
    index("users_handle_prefix_idx").on(sql`lower(${table.handle}) text_pattern_ops`),
    index("users_email_prefix_idx").on(sql`lower(${table.email}) text_pattern_ops`),
    index("users_name_trgm_idx").using("gin", sql`lower(${table.name}) gin_trgm_ops`),
    // Newest first in user management, and sign-ups in a period for the funnels.
    index("users_created_at_idx").on(table.createdAt, table.id),
    // The people whose public content is hidden, read by every list of posts and comments.
    index("users_content_hidden_idx").on(table.id).where(sql`${table.contentHidden}`),
  ],
);

/** A person's own row (a follow, a message, a wallet): it goes when their account does. */
export const personColumn = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** Who did something (published, granted, reviewed): kept as nobody once their account goes. */
export const actorColumn = (name: string) => uuid(name).references(() => users.id, { onDelete: "set null" });

/**
 * The browsers and apps a person has connected from, one row per user agent, for their page in
 * user management (and their own data export).
 */
export const personDevices = pgTable(
  "person_devices",
  {
    id: idColumn(),
    userId: personColumn("user_id"),
    /** A hash of the user agent: the same browser on the same system is one device. */
    deviceKey: text("device_key").notNull(),
    userAgent: text("user_agent").notNull(),
    lastAddress: text("last_address"),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("person_devices_user_device_key").on(table.userId, table.deviceKey)],
);
