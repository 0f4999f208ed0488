// Telling an author that their item was hidden at once, pending review, because enough weighted
// reports arrived: the statement of an automated measure, which no strike follows until a
// moderator decides.
import { MODERATION_KIND_LABELS, REPORT_CATEGORY_LABELS } from "@litverse/shared/moderation";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { mailModerationNotice } from "../mail/index.ts";
import { notify } from "../notifications/index.ts";
import type { ReportHooks } from "../reports/index.ts";
import { announceVisibility } from "./hidden-announcements.ts";
import { loadItem } from "./queue.service.ts";

export const autoHidden: ReportHooks["autoHidden"] = async (
  deps: ServiceDeps,
  { id, authorId, category },
) => {
  const item = await loadItem(deps.db, id);
  announceVisibility(deps, item);
  if (!authorId) return;
  const statement = {
    title: `Your ${MODERATION_KIND_LABELS[item.kind].toLowerCase()} is hidden while we review it`,
    body: `Several people reported it (${REPORT_CATEGORY_LABELS[category].toLowerCase()}), so it is hidden until a moderator looks at it. This was automatic: nothing counts against your account unless a moderator decides so, and you will hear what they decide.`,
    link: "/settings/safety",
  };
  const dedupeKey = `moderation-auto-hidden:${id}`;
  await notify(deps, authorId, { kind: "system", ...statement, dedupeKey });
  await mailModerationNotice(deps, authorId, statement, dedupeKey);
};
