// Readers' likes and ratings of titles.
import { and, eq } from "drizzle-orm";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { contentLikes, contentRatings } from "../library/schema.ts";
import { visibleTitle } from "./title-visibility.ts";
import { contentEngagementTopic, libraryTopic } from "./topics.ts";

export async function setLike(deps: ServiceDeps, viewer: Viewer, contentId: string, isLiked: boolean) {
  await visibleTitle(deps.db, viewer, contentId);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    if (isLiked) {
      await tx.insert(contentLikes).values({ userId: viewer.id, contentId }).onConflictDoNothing();
    } else {
      await tx
        .delete(contentLikes)
        .where(and(eq(contentLikes.userId, viewer.id), eq(contentLikes.contentId, contentId)));
    }
    deps.changes.changed(contentEngagementTopic(contentId), libraryTopic(viewer.id));
  });
}

export async function rateContent(deps: ServiceDeps, viewer: Viewer, contentId: string, rating: number) {
  await visibleTitle(deps.db, viewer, contentId);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .insert(contentRatings)
      .values({ userId: viewer.id, contentId, rating })
      .onConflictDoUpdate({
        target: [contentRatings.userId, contentRatings.contentId],
        set: { rating, updatedAt: new Date() },
      });
    deps.changes.changed(contentEngagementTopic(contentId), libraryTopic(viewer.id));
  });
}
