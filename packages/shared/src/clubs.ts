// Book clubs: who may join, the roles inside, what a club reads together and what its members write,
// shared by the web app and the server.
import type { PersonSummary } from "./people.ts";

/** Public: anyone joins. Private: found in search, joined on request. Secret: invitation or link only. */
export const CLUB_PRIVACIES = ["public", "private", "secret"] as const;
export type ClubPrivacy = (typeof CLUB_PRIVACIES)[number];

export const CLUB_PRIVACY_LABELS: Record<ClubPrivacy, string> = {
  public: "Public",
  private: "Private",
  secret: "Secret",
};

export const CLUB_ROLES = ["owner", "moderator", "member"] as const;
export type ClubRole = (typeof CLUB_ROLES)[number];

/** A member row is `active`, or on its way: asked to join (`requested`) or asked by the club (`invited`). */
export const CLUB_MEMBER_STATUSES = ["active", "requested", "invited"] as const;
export type ClubMemberStatus = (typeof CLUB_MEMBER_STATUSES)[number];

export const CLUB_NAME_MAX_LENGTH = 80;
export const CLUB_DESCRIPTION_MAX_LENGTH = 2_000;
export const CLUB_RULES_MAX_LENGTH = 2_000;
export const CLUB_POST_MAX_LENGTH = 4_000;
export const CLUB_MEMBER_LIMIT_DEFAULT = 100;
export const CLUB_MEMBER_LIMIT_MAX = 1_000;
export const CLUB_MILESTONES_MAX = 30;
/** Posts per page of a board or thread. */
export const CLUB_POSTS_PAGE_SIZE = 20;
/** The newest replies shown under a post in a board's page. */
export const CLUB_REPLIES_SHOWN = 50;

/** The reactions a post can get: a fixed set, so that counts stay meaningful. */
export const CLUB_REACTIONS = ["👍", "❤️", "😂", "😮", "😢", "🔥"] as const;
export type ClubReaction = (typeof CLUB_REACTIONS)[number];

/** Sorts of the Discover list. */
export const CLUB_SORTS = ["popular", "new"] as const;
export type ClubSort = (typeof CLUB_SORTS)[number];

/**
 * Whether a post is hidden behind its spoiler for a reader: it gives away `spoilerEpisode` and the
 * reader has not finished that episode of the club's read. Posts that give nothing away are never hidden.
 */
export function isSpoilerFor(spoilerEpisode: number | null, finishedEpisode: number): boolean {
  return spoilerEpisode !== null && finishedEpisode < spoilerEpisode;
}

/**
 * The episode a post gives away: the last episode of the milestone whose thread it is in, or the
 * episode its author marked it a spoiler for, whichever is further.
 */
export function spoilerEpisodeOf(milestoneEnd: number | null, markedEpisode: number | null): number | null {
  if (milestoneEnd === null) return markedEpisode;
  if (markedEpisode === null) return milestoneEnd;
  return Math.max(milestoneEnd, markedEpisode);
}

export interface ClubCard {
  _id: string;
  name: string;
  description: string;
  privacy: ClubPrivacy;
  coverUrl: string | null;
  memberCount: number;
  memberLimit: number;
  /** What the club reads now. */
  currentRead: { _id: string; title: string; coverUrl: string | null; contentType: string } | null;
  /** The caller's place: null when not a member and not asked. */
  myRole: ClubRole | null;
  myStatus: ClubMemberStatus | null;
  createdAt: string;
}

export interface ClubMilestone {
  _id: string;
  position: number;
  title: string;
  fromEpisode: number;
  toEpisode: number;
  /** YYYY-MM-DD. */
  dueOn: string;
}

export interface ClubRead {
  _id: string;
  content: { _id: string; title: string; coverUrl: string | null; contentType: string; episodeCount: number };
  startedAt: string;
  finishedAt: string | null;
  milestones: ClubMilestone[];
  /** Members' ratings of a finished read. */
  ratingAverage: number | null;
  ratingCount: number;
}

export interface ClubDetail extends ClubCard {
  rules: string;
  owner: PersonSummary | null;
  /** The secret link's code: members only. */
  inviteCode: string | null;
  read: ClubRead | null;
  /** How far the caller has read the current read: the last episode finished, 0 for none. */
  myFinishedEpisode: number;
  /** The caller's own rating of the current read. */
  myRating: number | null;
  /** Whether the caller can read the discussions. */
  canRead: boolean;
  /** Muted until then: may read but not post. */
  mutedUntil: string | null;
  pendingRequestCount: number;
}

export interface ClubMember {
  person: PersonSummary;
  role: ClubRole;
  status: ClubMemberStatus;
  joinedAt: string | null;
  mutedUntil: string | null;
  /** The last episode of the current read they finished, 0 for none. */
  finishedEpisode: number;
}

export interface ClubPostItem {
  _id: string;
  author: PersonSummary | null;
  /** Null while the spoiler hides it from the caller, or once deleted. */
  body: string | null;
  imageUrl: string | null;
  spoilerEpisode: number | null;
  /** Whether the caller has not read far enough, and has not chosen to see it anyway. */
  isHidden: boolean;
  isPinned: boolean;
  isLocked: boolean;
  isDeleted: boolean;
  isMine: boolean;
  reactions: { reaction: ClubReaction; count: number; mine: boolean }[];
  createdAt: string;
  replies: ClubPostItem[];
  replyCount: number;
}

export interface ClubPostPage {
  items: ClubPostItem[];
  nextCursor: string | null;
}

// ---------------------------------------------------------------------------------------------
// Polls and meetings

/** One choice, several, or an order of preference counted by instant runoff. */
export const CLUB_POLL_KINDS = ["single", "multiple", "ranked"] as const;
export type ClubPollKind = (typeof CLUB_POLL_KINDS)[number];
export const CLUB_POLL_OPTIONS_MIN = 2;
export const CLUB_POLL_OPTIONS_MAX = 10;
/** The latest a poll may close, in days from its creation. */
export const CLUB_POLL_DAYS_MAX = 60;

export const CLUB_RSVPS = ["going", "maybe", "not_going"] as const;
export type ClubRsvp = (typeof CLUB_RSVPS)[number];

export interface RunoffRound {
  /** Votes per option still in the count, each ballot counted for its highest-ranked such option. */
  counts: Record<string, number>;
  /** Options dropped after this round: all those with the fewest votes. */
  eliminated: string[];
}

export interface RunoffResult {
  /** Null when no ballot names an option, or the last options tie. */
  winner: string | null;
  /** The options tied at the end, when there is no winner. */
  tied: string[];
  rounds: RunoffRound[];
}

/**
 * Instant-runoff count of ranked ballots: each round gives each ballot to its highest-ranked option
 * still in, an option with more than half of those votes wins, otherwise every option with the
 * fewest votes is dropped and the count runs again. Ballots whose options are all dropped stop
 * counting (exhausted); options named on no ballot are dropped at once with zero votes.
 */
export function instantRunoff(
  optionIds: readonly string[],
  ballots: readonly (readonly string[])[],
): RunoffResult {
  const remaining = new Set(optionIds);
  const rounds: RunoffRound[] = [];
  // Where each ballot stands: the index of its highest-ranked option still in the count.
  const cursor = ballots.map(() => 0);
  while (remaining.size > 0) {
    const counts: Record<string, number> = Object.fromEntries([...remaining].map((id) => [id, 0]));
    let active = 0;
    ballots.forEach((ballot, index) => {
      let at = cursor[index] ?? 0;
      while (at < ballot.length && !remaining.has(ballot[at] as string)) at++;
      cursor[index] = at;
      const choice = ballot[at];
      if (choice !== undefined) {
        counts[choice] = (counts[choice] ?? 0) + 1;
        active++;
      }
    });
    if (active === 0) {
      rounds.push({ counts, eliminated: [] });
      return { winner: null, tied: [...remaining], rounds };
    }
    const values = Object.values(counts);
    const most = Math.max(...values);
    if (most * 2 > active) {
      rounds.push({ counts, eliminated: [] });
      const winner = Object.keys(counts).find((id) => counts[id] === most) ?? null;
      return { winner, tied: [], rounds };
    }
    const fewest = Math.min(...values);
    const eliminated = Object.keys(counts).filter((id) => counts[id] === fewest);
    rounds.push({ counts, eliminated: eliminated.length === remaining.size ? [] : eliminated });
    if (eliminated.length === remaining.size) return { winner: null, tied: eliminated, rounds };
    for (const id of eliminated) remaining.delete(id);
  }
  return { winner: null, tied: [], rounds };
}

export interface ClubPollOption {
  _id: string;
  label: string;
  /** A catalogue title, for polls on the next read. */
  contentId: string | null;
  /** Votes (first preferences for ranked polls); null until the poll closes. */
  votes: number | null;
  /** Who chose it, for named polls once closed. */
  voters: PersonSummary[];
}

export interface ClubPoll {
  _id: string;
  question: string;
  kind: ClubPollKind;
  isAnonymous: boolean;
  closesAt: string;
  isClosed: boolean;
  author: PersonSummary | null;
  options: ClubPollOption[];
  voterCount: number;
  /** The caller's choices, in order of preference. */
  myChoices: string[];
  /** Ranked polls, once closed: the rounds of the count and the winner. */
  runoff: RunoffResult | null;
  createdAt: string;
}

export interface ClubMeeting {
  _id: string;
  title: string;
  startsAt: string;
  durationMinutes: number;
  onlineUrl: string | null;
  place: string | null;
  counts: Record<ClubRsvp, number>;
  going: PersonSummary[];
  myRsvp: ClubRsvp | null;
}
