import type { ClubDetail } from "@litverse/shared/clubs";

/** An active owner or moderator: who plans meetings, opens polls and keeps the posts in order. */
export const isModeratorOf = (club: ClubDetail) =>
  club.myStatus === "active" && (club.myRole === "owner" || club.myRole === "moderator");
