// Finding what a person reports: each area checks the reporter may see the item (and is not its
// author) and says how moderators should call it.
import type { ModerationKind } from "@litverse/shared/moderation";
import { AppError } from "../../core/errors.ts";
import { isUuid } from "../../core/ids.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { adReportTarget } from "../ads/index.ts";
import { clubPollReportTarget, clubPostReportTarget } from "../clubs/index.ts";
import { titleReportTarget } from "../content/index.ts";
import { messageReportTarget } from "../messages/index.ts";
import { profileReportTarget } from "../profiles/index.ts";
import { reelCommentReportTarget, reelReportTarget } from "../reels/index.ts";
import type { ReportTarget } from "../reports/index.ts";
import { storyReportTarget } from "../stories/index.ts";

export async function findReportTarget(
  deps: ServiceDeps,
  viewer: Viewer,
  kind: ModerationKind,
  id: string,
): Promise<ReportTarget> {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "There is nothing to report there.");
  switch (kind) {
    case "profile":
    case "profile_picture":
      return profileReportTarget(deps, viewer, id, kind);
    case "message":
      return messageReportTarget(deps, viewer, id);
    case "club_post":
      return clubPostReportTarget(deps, viewer, id);
    case "club_poll":
      return clubPollReportTarget(deps, viewer, id);
    case "reel":
      return reelReportTarget(deps, viewer, id);
    case "reel_comment":
      return reelCommentReportTarget(deps, viewer, id);
    case "story":
      return storyReportTarget(deps, viewer, id);
    case "title":
      return titleReportTarget(deps, viewer, id);
    case "ad":
      return adReportTarget(deps, viewer, id);
    case "address":
      throw new AppError("BAD_REQUEST", "Report an address with a notice of illegal content.");
  }
}
