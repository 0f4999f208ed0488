// Who a newsletter issue goes to: people who confirmed the newsletter for the address they have
// now, whose address is verified and not suppressed, and whose account is in good standing; of
// them, those in the issue's segment, chosen by what they do as well as who they are.
import type { NewsletterSegment } from "@litverse/shared/mail";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { queryRows } from "../../core/db/client.ts";
import { ledgerAccounts } from "../coins/schema.ts";
import { content, episodes } from "../content/schema.ts";
import { contentFollows, episodeViews } from "../library/schema.ts";
import { profiles } from "../profiles/schema.ts";
import { subscriptionPlans, subscriptions } from "../subscriptions/schema.ts";
import { episodeUnlocks } from "../unlocks/schema.ts";
import { users } from "../users/schema.ts";
import { mailPreferences, mailSuppressions } from "./schema.ts";

/** Readers of a genre: who read an episode of a title of that genre within this many days. */
export const GENRE_READERS_DAYS = 90;

/** People who can receive the newsletter now (alias `u` for users). */
const subscribed = sql`
  u.deleted_at is null and u.banned_at is null
  and (u.suspended_until is null or u.suspended_until < now())
  and u.email is not null and u.email_verified_at is not null
  and exists (select 1 from ${mailPreferences} p where p.user_id = u.id
    and p.newsletter = 'confirmed' and p.newsletter_address = u.email)
  and not exists (select 1 from ${mailSuppressions} s where s.address = u.email)`;

/** The segment as a condition on `u` (users). */
function segmentCondition(segment: NewsletterSegment): SQL {
  switch (segment.kind) {
    case "everyone":
      return sql`true`;
    case "genre":
      return sql`exists (
        select 1 from ${episodeViews} v join ${content} c on c.id = v.content_id
        where v.user_id = u.id and v.viewed_at > now() - ${`${GENRE_READERS_DAYS} days`}::interval
          and lower(${segment.genre}) = any (select lower(g) from unnest(c.genres) g))`;
    case "followers":
      return sql`exists (select 1 from ${contentFollows} f where f.user_id = u.id and f.content_id = ${segment.titleId})`;
    case "unlocked_not_next": {
      const unlocked = (number: number) => sql`exists (
        select 1 from ${episodeUnlocks} x join ${episodes} e on e.id = x.episode_id
        where x.user_id = u.id and x.content_id = ${segment.titleId} and e.number = ${number}
          and x.revoked_at is null)`;
      return sql`${unlocked(segment.episodeNumber)} and not ${unlocked(segment.episodeNumber + 1)}`;
    }
    case "inactive":
      return sql`coalesce((select pr.last_seen_at from ${profiles} pr where pr.user_id = u.id), u.created_at)
        < now() - ${`${segment.days} days`}::interval`;
    case "plan":
      return sql`exists (select 1 from ${subscriptions} sub where sub.user_id = u.id
        and sub.plan_id = ${segment.planId} and sub.status in ('active', 'past_due'))`;
    case "coins_below":
      return sql`coalesce((select sum(a.balance) from ${ledgerAccounts} a where a.user_id = u.id
        and (a.expires_at is null or a.expires_at > now())), 0) < ${segment.coins}`;
  }
}

/** The people an issue with this segment would go to now, and the segment's size before opt-in. */
export async function countAudience(
  db: Executor,
  segment: NewsletterSegment,
): Promise<{ people: number; inSegment: number }> {
  const [row] = await queryRows<{ people: number; in_segment: number }>(
    db,
    sql`select
      count(*) filter (where ${subscribed})::int as people,
      count(*)::int as in_segment
    from ${users} u
    where u.deleted_at is null and ${segmentCondition(segment)}`,
  );
  return { people: row?.people ?? 0, inSegment: row?.in_segment ?? 0 };
}

/** `select u.id, u.email from users u where …`: the audience, for queueing an issue. */
export function audienceQuery(segment: NewsletterSegment): SQL {
  return sql`select u.id as user_id, u.email as address from ${users} u where ${subscribed} and ${segmentCondition(segment)}`;
}

/** In words, for the issues' list. */
export async function segmentLabel(db: Executor, segment: NewsletterSegment): Promise<string> {
  const titleName = async (id: string) =>
    (await queryRows<{ title: string }>(db, sql`select title from ${content} where id = ${id}`))[0]?.title ??
    "a removed title";
  switch (segment.kind) {
    case "everyone":
      return "Everyone who opted in";
    case "genre":
      return `Readers of ${segment.genre}`;
    case "followers":
      return `Followers of ${await titleName(segment.titleId)}`;
    case "unlocked_not_next":
      return `Unlocked episode ${segment.episodeNumber} of ${await titleName(segment.titleId)} but not ${segment.episodeNumber + 1}`;
    case "inactive":
      return `Inactive for ${segment.days} days`;
    case "plan": {
      const [plan] = await queryRows<{ name: string }>(
        db,
        sql`select name from ${subscriptionPlans} where id = ${segment.planId}`,
      );
      return `Subscribers of ${plan?.name ?? "a removed plan"}`;
    }
    case "coins_below":
      return `Fewer than ${segment.coins.toLocaleString("en-US")} coins`;
  }
}
