// Everything stored about a person, found through the schema itself: every table with a column
// pointing at the person's user row. Exporting gives all of it; deleting an account erases what
// is personal (what they wrote, whom they know, what they set) and keeps, under the anonymised
// row, what the money and the platform's counts are made of.
import type { PersonDataExport } from "@litverse/shared/user-management";
import { eq, getTableName, or, type SQL } from "drizzle-orm";
import { getTableConfig, type PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../../core/db/client.ts";
import { users } from "../users/schema.ts";

/** A table and its columns that name a person. */
export interface PersonTable {
  table: PgTable;
  name: string;
  /** Every column pointing at `users`: a row naming the person in any of them is theirs to see. */
  columns: PgColumn[];
  /** The columns whose rows belong to the person (deleted with a user row): what erasing matches. */
  ownerColumns: PgColumn[];
}

/**
 * What the person wrote where the author column outlives them (it is set to nobody when a user row
 * goes, so that replies stay): erased by that column.
 */
const AUTHORED_COLUMNS: Record<string, string> = { club_posts: "author_id", club_polls: "author_id" };

/**
 * Erased when an account is deleted: what the person wrote, whom they know and follow, what they
 * set up and were sent. Conversations go with them for the other side too (a thread with nobody).
 */
export const ERASED_TABLES = new Set([
  "admin_notification_reads",
  "admin_permissions",
  "blocks",
  "club_meeting_rsvps",
  "club_members",
  "club_poll_votes",
  "club_polls",
  "club_post_reactions",
  "club_posts",
  "club_read_ratings",
  "club_spoiler_reveals",
  "content_follows",
  "content_likes",
  "conversation_members",
  "conversations",
  "creator_follows",
  "friendships",
  "handle_history",
  "league_members",
  // Mail sent to them and what they chose to receive.
  "mail_outbox",
  "mail_preferences",
  "message_hides",
  "messages",
  "notification_preferences",
  "notifications",
  "person_devices",
  "profiles",
  "push_subscriptions",
  "reading_goals",
  "reading_marks",
  "reel_comments",
  "reel_likes",
  "reporter_standing",
  "story_saves",
  "support_tickets",
]);

/**
 * Kept under the anonymised account: the ledger and payments (which must stay balanced), what
 * was bought and granted with them, and the activity the platform's counts and charts are made of.
 * Rows where the person only acted for the team (published, reviewed, granted) keep pointing at
 * the anonymised row too.
 */
export const KEPT_TABLES = new Set([
  "active_time_clocks",
  "activity_time",
  // An advertiser's campaigns and their counts are money on the ledger; the owner becomes nobody.
  "ad_campaigns",
  "ad_events",
  "announcements",
  "badge_definitions",
  "badge_measure_marks",
  "badge_measures",
  "check_ins",
  "club_meetings",
  "clubs",
  "content",
  "content_ratings",
  "daily_active_people",
  "daily_active_segments",
  "earned_badges",
  "episode_progress",
  "episode_unlocks",
  "episode_views",
  // Moderation's records (decisions, statements of reasons, notices) are kept as the law asks.
  "illegal_content_notices",
  "jobs",
  "league_results",
  "ledger_accounts",
  "moderation_appeals",
  "moderation_decisions",
  "moderation_items",
  "moderation_notes",
  "monthly_active_people",
  "ledger_entries",
  "newsletter_issues",
  "payments",
  "person_milestones",
  "reel_link_clicks",
  "reel_settings",
  "reel_shares",
  "reel_views",
  "reel_watch_allowances",
  "reels",
  "reports",
  "reward_grants",
  "reward_rules",
  "stories",
  "story_choice_picks",
  "story_choice_purchases",
  "story_endings_found",
  "story_plays",
  "story_ratings",
  "story_readers",
  "story_scene_visits",
  "story_versions",
  "streaks",
  "subscriptions",
  "support_canned_replies",
  "support_messages",
  "title_completions",
  "vvip_grants",
  "weekly_active_people",
  "xp_daily",
  "xp_events",
  "xp_totals",
]);

/** Every table with a column pointing at `users`, found by its foreign keys. */
export function personTablesOf(tables: readonly unknown[]): PersonTable[] {
  const found: PersonTable[] = [];
  for (const table of tables) {
    if (!(table instanceof PgTable) || table === users) continue;
    const name = getTableName(table);
    const keys = getTableConfig(table).foreignKeys.filter((key) => key.reference().foreignTable === users);
    const columns = keys.flatMap((key) => key.reference().columns);
    // Rows another person only touched (invited_by, updated_by) are not the person's to erase.
    const ownerColumns = columns.filter(
      (column) =>
        column.name === AUTHORED_COLUMNS[name] ||
        keys.some((key) => key.onDelete === "cascade" && key.reference().columns.includes(column)),
    );
    if (columns.length > 0) found.push({ table, name, columns, ownerColumns });
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** Tables naming a person that nobody has yet said are erased or kept: each needs a decision. */
export function unclassifiedTables(personTables: readonly PersonTable[]): string[] {
  return personTables
    .map((entry) => entry.name)
    .filter((name) => !ERASED_TABLES.has(name) && !KEPT_TABLES.has(name));
}

let registeredTables: PersonTable[] = [];

/**
 * Hands the module the whole schema's tables (the composition root has them; a module may not
 * import it). Refuses a schema with a table nobody has classified, so that a new table holding
 * personal data cannot slip past deletion unnoticed.
 */
export function registerPersonTables(tables: readonly unknown[]): void {
  const found = personTablesOf(tables);
  const unclassified = unclassifiedTables(found);
  if (unclassified.length > 0) {
    throw new Error(
      `Say whether deleting an account erases or keeps the rows of: ${unclassified.join(", ")} (user-management/personal-data.ts).`,
    );
  }
  registeredTables = found;
}

function registered(): PersonTable[] {
  if (registeredTables.length === 0)
    throw new Error("The person tables were not registered (connectModules).");
  return registeredTables;
}

const rowsNaming = (columns: readonly PgColumn[], userId: string): SQL =>
  or(...columns.map((column) => eq(column, userId))) as SQL;

/** Every row in every table that names the person, with their account row, as one document. */
export async function collectPersonalData(
  db: Executor,
  userId: string,
  extra: Record<string, Record<string, unknown>[]>,
): Promise<PersonDataExport> {
  const [account] = await db.select().from(users).where(eq(users.id, userId));
  const tables: PersonDataExport["tables"] = { users: account ? [account] : [], ...extra };
  for (const entry of registered()) {
    const rows = await db.select().from(entry.table).where(rowsNaming(entry.columns, userId));
    if (rows.length > 0) tables[entry.name] = rows as Record<string, unknown>[];
  }
  return {
    exportedAt: new Date().toISOString(),
    person: { id: userId, handle: account?.handle ?? null },
    tables,
  };
}

/** Deletes the person's rows from every erased table; returns how many went from each. */
export async function erasePersonalData(db: Executor, userId: string): Promise<Record<string, number>> {
  const erased: Record<string, number> = {};
  for (const entry of registered().filter((item) => ERASED_TABLES.has(item.name))) {
    if (entry.ownerColumns.length === 0) continue;
    const rows = await db.delete(entry.table).where(rowsNaming(entry.ownerColumns, userId)).returning();
    if (rows.length > 0) erased[entry.name] = rows.length;
  }
  return erased;
}
