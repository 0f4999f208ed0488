// What the reels module offers the other modules; everything else in this folder is its own.

export { addComment, reelCommentReportTarget } from "./comments.service.ts";
export { reelReportTarget } from "./moderation-targets.ts";
