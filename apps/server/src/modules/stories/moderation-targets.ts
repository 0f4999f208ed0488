// Interactive stories as the moderators' report targets: a published story the reporter may read.
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import type { ReportTarget } from "../reports/index.ts";
import { readableStory } from "./story-access.ts";

export async function storyReportTarget(
  deps: ServiceDeps,
  viewer: Viewer,
  storyId: string,
): Promise<ReportTarget> {
  const { story } = await readableStory(deps.db, viewer, storyId);
  return {
    kind: "story",
    id: story.id,
    userId: story.authorId,
    snapshot: [story.title, story.description].filter(Boolean).join(" · "),
    label: `The story “${story.title}”`,
  };
}
