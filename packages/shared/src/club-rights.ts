// Who may call each club function, as one table. The server's guards decide from it and nothing
// else, and the pages read it to offer only what will work, so the two cannot drift apart.
import type { ClubMemberStatus, ClubPrivacy, ClubRole } from "./clubs.ts";

/**
 * Where a person stands in a club. `muted` is a plain member whose mute is running; someone a
 * moderator removed keeps no row at all, so they are an `outsider` like anyone never in the club.
 */
export const CLUB_STANDINGS = [
  "owner",
  "moderator",
  "member",
  "muted",
  "invited",
  "requested",
  "outsider",
] as const;
export type ClubStanding = (typeof CLUB_STANDINGS)[number];

/**
 * One cell of the table:
 * - `yes`: allowed, even where the club is secret to them (an invitation code is the key to one);
 * - `seen`: allowed wherever they may know the club exists (not in a secret club they are outside);
 * - `public`: allowed in a public club; refused in a private one; not found in a secret one;
 * - `own`: allowed on posts they wrote themselves;
 * - `no`: refused, and not found where the club is secret to them.
 */
export type ClubRight = "yes" | "seen" | "public" | "own" | "no";

type ClubRightsRow = readonly [
  owner: ClubRight,
  moderator: ClubRight,
  member: ClubRight,
  muted: ClubRight,
  invited: ClubRight,
  requested: ClubRight,
  outsider: ClubRight,
];

/** Every function of a club, with who may call it. */
// biome-ignore format: a table reads best in columns
export const CLUB_RIGHTS = {
  //                        owner    moderator  member    muted     invited   requested  outsider
  getClub:                 ["yes",   "yes",     "yes",    "yes",    "yes",    "seen",    "seen"],
  listClubMembers:         ["yes",   "yes",     "yes",    "yes",    "public", "public",  "public"],
  listPastReads:           ["yes",   "yes",     "yes",    "yes",    "public", "public",  "public"],
  listClubPosts:           ["yes",   "yes",     "yes",    "yes",    "public", "public",  "public"],
  listClubPolls:           ["yes",   "yes",     "yes",    "yes",    "public", "public",  "public"],
  listClubMeetings:        ["yes",   "yes",     "yes",    "yes",    "public", "public",  "public"],
  revealClubSpoiler:       ["yes",   "yes",     "yes",    "yes",    "public", "public",  "public"],
  reportClubPost:          ["yes",   "yes",     "yes",    "yes",    "public", "public",  "public"],
  joinClub:                ["yes",   "yes",     "yes",    "yes",    "yes",    "seen",    "seen"],
  joinClubByInvite:        ["yes",   "yes",     "yes",    "yes",    "yes",    "yes",     "yes"],
  leaveClub:               ["no",    "yes",     "yes",    "yes",    "yes",    "seen",    "seen"],
  inviteToClub:            ["yes",   "yes",     "yes",    "yes",    "no",     "no",      "no"],
  createClubPost:          ["yes",   "yes",     "yes",    "no",     "no",     "no",      "no"],
  reactToClubPost:         ["yes",   "yes",     "yes",    "yes",    "no",     "no",      "no"],
  deleteClubPost:          ["yes",   "yes",     "own",    "own",    "own",    "own",     "own"],
  rateClubRead:            ["yes",   "yes",     "yes",    "yes",    "no",     "no",      "no"],
  voteClubPoll:            ["yes",   "yes",     "yes",    "yes",    "no",     "no",      "no"],
  answerClubMeeting:       ["yes",   "yes",     "yes",    "yes",    "no",     "no",      "no"],
  pinClubPost:             ["yes",   "yes",     "no",     "no",     "no",     "no",      "no"],
  lockClubPost:            ["yes",   "yes",     "no",     "no",     "no",     "no",      "no"],
  approveJoinRequest:      ["yes",   "yes",     "no",     "no",     "no",     "no",      "no"],
  declineJoinRequest:      ["yes",   "yes",     "no",     "no",     "no",     "no",      "no"],
  removeClubMember:        ["yes",   "yes",     "no",     "no",     "no",     "no",      "no"],
  muteClubMember:          ["yes",   "yes",     "no",     "no",     "no",     "no",      "no"],
  setCurrentRead:          ["yes",   "yes",     "no",     "no",     "no",     "no",      "no"],
  finishCurrentRead:       ["yes",   "yes",     "no",     "no",     "no",     "no",      "no"],
  createClubPoll:          ["yes",   "yes",     "no",     "no",     "no",     "no",      "no"],
  closeClubPoll:           ["yes",   "yes",     "no",     "no",     "no",     "no",      "no"],
  deleteClubPoll:          ["yes",   "yes",     "no",     "no",     "no",     "no",      "no"],
  createClubMeeting:       ["yes",   "yes",     "no",     "no",     "no",     "no",      "no"],
  deleteClubMeeting:       ["yes",   "yes",     "no",     "no",     "no",     "no",      "no"],
  updateClub:              ["yes",   "no",      "no",     "no",     "no",     "no",      "no"],
  renewInviteCode:         ["yes",   "no",      "no",     "no",     "no",     "no",      "no"],
  deleteClub:              ["yes",   "no",      "no",     "no",     "no",     "no",      "no"],
  setClubMemberRole:       ["yes",   "no",      "no",     "no",     "no",     "no",      "no"],
  transferClubOwnership:   ["yes",   "no",      "no",     "no",     "no",     "no",      "no"],
} as const satisfies Record<string, ClubRightsRow>;

export type ClubFunction = keyof typeof CLUB_RIGHTS;

/** Functions about no club in particular: anyone signed in may call them. */
export const CLUB_FUNCTIONS_FOR_EVERYONE = ["listMyClubs", "discoverClubs", "createClub"] as const;

/** A person's row in a club, as far as rights go; null when they have none. */
export interface ClubPlace {
  role: ClubRole;
  status: ClubMemberStatus;
  isMuted: boolean;
}

export function clubStandingOf(place: ClubPlace | null): ClubStanding {
  if (!place) return "outsider";
  if (place.status !== "active") return place.status;
  if (place.role === "member" && place.isMuted) return "muted";
  return place.role;
}

/** Whether the person may know the club exists: a secret club shows only to those it took in or asked. */
export function mayKnowOfClub(privacy: ClubPrivacy, place: ClubPlace | null): boolean {
  return privacy !== "secret" || place?.status === "active" || place?.status === "invited";
}

/**
 * Why a call was refused:
 * - `hidden`: the club is secret to them;
 * - `read`: only members read a club that is not public;
 * - `owner`, `moderator`, `member`: the least one must be to call it;
 * - `muted`: a mute is running;
 * - `author`: the post is someone else's;
 * - `excluded`: others of lower standing may, this standing may not (the owner leaving).
 */
export type ClubRefusal =
  | "hidden"
  | "read"
  | "owner"
  | "moderator"
  | "member"
  | "muted"
  | "author"
  | "excluded";

export type ClubDecision = { allowed: true } | { allowed: false; refusal: ClubRefusal };

const ALLOWED: ClubDecision = { allowed: true };
const refuse = (refusal: ClubRefusal): ClubDecision => ({ allowed: false, refusal });

const column = (standing: ClubStanding) => CLUB_STANDINGS.indexOf(standing);

/** The least standing that may call a function everyone below is refused. */
function leastAllowed(row: ClubRightsRow): ClubRefusal {
  if (row[column("member")] !== "no") return "member";
  if (row[column("moderator")] !== "no") return "moderator";
  return "owner";
}

/** What the table says about `fn` for this person in this club. */
export function decideClubRight(
  fn: ClubFunction,
  privacy: ClubPrivacy,
  place: ClubPlace | null,
  { isAuthor = false }: { isAuthor?: boolean } = {},
): ClubDecision {
  const row: ClubRightsRow = CLUB_RIGHTS[fn];
  const standing = clubStandingOf(place);
  const cell = row[column(standing)];
  if (cell === "yes") {
    // Muting takes from a moderator what it takes from a member: they moderate, but do not post.
    const takenByMute = place?.isMuted && row[column("member")] !== "no" && row[column("muted")] === "no";
    return takenByMute ? refuse("muted") : ALLOWED;
  }
  if (!mayKnowOfClub(privacy, place)) return refuse("hidden");
  if (cell === "seen") return ALLOWED;
  if (cell === "public") return privacy === "public" ? ALLOWED : refuse("read");
  if (cell === "own") return isAuthor ? ALLOWED : refuse("author");
  if (standing === "muted" && row[column("member")] !== "no") return refuse("muted");
  if (row[column("outsider")] !== "no") return refuse("excluded");
  return refuse(leastAllowed(row));
}

/** Whether the person may call `fn` in the club as a page shows it: a club page's own check. */
export function mayInClub(
  club: {
    privacy: ClubPrivacy;
    myRole: ClubRole | null;
    myStatus: ClubMemberStatus | null;
    mutedUntil: string | null;
  },
  fn: ClubFunction,
  now = Date.now(),
): boolean {
  const place =
    // Stryker disable next-line LogicalOperator: both come from one member row, so both are set or neither
    club.myRole && club.myStatus
      ? {
          role: club.myRole,
          status: club.myStatus,
          isMuted: club.mutedUntil !== null && Date.parse(club.mutedUntil) > now,
        }
      : null;
  return decideClubRight(fn, club.privacy, place).allowed;
}
