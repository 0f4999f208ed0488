// Catalogue titles as the moderators' report targets: a title the reporter may see.
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import type { ReportTarget } from "../reports/index.ts";
import { visibleTitle } from "./title-visibility.ts";

export async function titleReportTarget(
  deps: ServiceDeps,
  viewer: Viewer,
  contentId: string,
): Promise<ReportTarget> {
  const title = await visibleTitle(deps.db, viewer, contentId);
  return {
    kind: "title",
    id: title.id,
    userId: null,
    snapshot: [title.title, title.description].filter(Boolean).join(" · "),
    label: `The title “${title.title}”`,
  };
}
