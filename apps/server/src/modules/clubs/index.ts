// What the clubs module offers the other modules; everything else in this folder is its own.
export { myClubsTopic } from "./club-access.ts";
export { clubsOnProfile } from "./club-lists.service.ts";
export { joinClub } from "./club-membership.service.ts";
export { clubPostReportTarget, createClubPost } from "./club-posts.service.ts";
export { clubPollReportTarget } from "./moderation-targets.ts";
