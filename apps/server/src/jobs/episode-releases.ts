// Scheduled episodes come out by themselves: once an episode's release time has passed, the pages
// showing its title are told, and the title's followers get a notification.
import { and, eq, inArray, sql } from "drizzle-orm";
import { queryRows } from "../core/db/client.ts";
import type { ServiceDeps } from "../core/service-deps.ts";
import { content } from "../modules/content/schema.ts";
import { CONTENT_ADMIN_TOPIC, contentEpisodesTopic, contentTopic } from "../modules/content/topics.ts";
import { contentFollows } from "../modules/library/schema.ts";
import { notificationsTopic } from "../modules/notifications/notifications.service.ts";
import { pushToUser } from "../modules/notifications/push.ts";
import { notifications } from "../modules/notifications/schema.ts";

/** Episodes released longer ago than this when first noticed (say, after downtime) notify nobody. */
const NOTIFY_WITHIN = sql`interval '1 day'`;

/**
 * Marks every episode whose release time has passed as announced, exactly once even with several
 * processes (the update takes the rows), and tells readers. Returns how many were released.
 */
export async function announceDueEpisodes(deps: ServiceDeps): Promise<number> {
  const pushes: Array<{ userId: string; title: string; body: string; link: string; tag: string }> = [];
  const count = await deps.changes.inTransaction(deps.db, async (tx) => {
    const released = await queryRows<{ content_id: string; number: number; title: string; recent: boolean }>(
      tx,
      sql`
        update episodes set release_announced_at = now()
        where release_announced_at is null and publish_at is not null and publish_at <= now()
        returning content_id, number, title, publish_at > now() - ${NOTIFY_WITHIN} as recent`,
    );
    if (released.length === 0) return 0;

    const byTitle = new Map<string, typeof released>();
    for (const episode of released) {
      byTitle.set(episode.content_id, [...(byTitle.get(episode.content_id) ?? []), episode]);
    }
    const titles = await tx
      .select({ id: content.id, title: content.title })
      .from(content)
      .where(and(inArray(content.id, [...byTitle.keys()]), eq(content.status, "published")));

    for (const title of titles) {
      const episodes = (byTitle.get(title.id) ?? []).filter((episode) => episode.recent);
      if (episodes.length === 0) continue;
      const first = episodes.reduce((a, b) => (a.number < b.number ? a : b));
      const heading =
        episodes.length === 1
          ? `New episode of ${title.title}`
          : `${episodes.length} new episodes of ${title.title}`;
      const body = `Episode ${first.number}: ${first.title}`;
      const link = `/content/${title.id}`;
      const dedupeKey = `episode:${title.id}:${first.number}`;
      // One set-based insert for every follower who keeps these notifications on in the app.
      const followers = await queryRows<{ user_id: string }>(
        tx,
        sql`
          insert into ${notifications} (user_id, kind, title, body, link, dedupe_key)
          select f.user_id, 'new_episode', ${heading}, ${body}, ${link}, ${dedupeKey}
          from ${contentFollows} f
          where f.content_id = ${title.id}
            and coalesce((select p.in_app from notification_preferences p
                          where p.user_id = f.user_id and p.kind = 'new_episode'), true)
          on conflict do nothing
          returning user_id`,
      );
      for (const follower of followers) deps.changes.changed(notificationsTopic(follower.user_id));
      const devices = await queryRows<{ user_id: string }>(
        tx,
        sql`select distinct f.user_id from ${contentFollows} f join push_subscriptions s on s.user_id = f.user_id
            where f.content_id = ${title.id}
              and coalesce((select p.push from notification_preferences p
                            where p.user_id = f.user_id and p.kind = 'new_episode'), true)`,
      );
      for (const device of devices)
        pushes.push({ userId: device.user_id, title: heading, body, link, tag: dedupeKey });
    }
    for (const contentId of byTitle.keys()) {
      deps.changes.changed(contentEpisodesTopic(contentId), contentTopic(contentId));
    }
    deps.changes.changed(CONTENT_ADMIN_TOPIC);
    return released.length;
  });
  // Once committed: pushes are sent in the background.
  for (const push of pushes) {
    pushToUser(deps, push.userId, { title: push.title, body: push.body, link: push.link, tag: push.tag });
  }
  return count;
}
