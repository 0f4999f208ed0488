// Reels: short vertical videos that trail a title or an episode, their feed, comments, uploads,
// review, and the figures of how they are watched. Shared by the web app and the server.
import type { EpisodeSummary } from "./content.ts";
import type { PersonSummary } from "./people.ts";

/**
 * processing: uploaded, being converted. pending_review: converted, waiting for an administrator
 * (when the settings ask for review). published: in the feed. rejected: an administrator said no,
 * with a reason. removed: taken down by an administrator, files gone. failed: could not be
 * converted, with the reason; no files are kept.
 */
export const REEL_STATUSES = [
  "processing",
  "pending_review",
  "published",
  "rejected",
  "removed",
  "failed",
] as const;
export type ReelStatus = (typeof REEL_STATUSES)[number];
export const REEL_STATUS_LABELS: Record<ReelStatus, string> = {
  processing: "Processing",
  pending_review: "Waiting for review",
  published: "Published",
  rejected: "Rejected",
  removed: "Removed",
  failed: "Failed",
};

/** public: everyone signed in. followers: people who follow the creator. private: only the creator. */
export const REEL_VISIBILITIES = ["public", "followers", "private"] as const;
export type ReelVisibility = (typeof REEL_VISIBILITIES)[number];
export const REEL_VISIBILITY_LABELS: Record<ReelVisibility, string> = {
  public: "Everyone",
  followers: "Followers",
  private: "Only me",
};

export const REEL_SHARE_METHODS = ["copy", "native"] as const;
export type ReelShareMethod = (typeof REEL_SHARE_METHODS)[number];

/** The longest reel, in milliseconds (3 minutes; a file up to half a second over is let through). */
export const REEL_MAX_DURATION_MS = 180_000;
/** The largest file an upload may send (1 GiB). */
export const REEL_MAX_UPLOAD_BYTES = 1024 ** 3;
/** Converted reels fit in this box, long side and short side (portrait 1080×1920, landscape 1920×1080). */
export const REEL_MAX_LONG_SIDE = 1920;
export const REEL_MAX_SHORT_SIDE = 1080;
/** What the file picker offers: the containers phones, cameras and screen recorders write. */
export const REEL_ACCEPT =
  "video/mp4,video/quicktime,video/webm,video/x-matroska,video/3gpp,.mp4,.mov,.m4v,.webm,.mkv,.3gp";
/** Where the resumable (tus) upload endpoint lives. */
export const REEL_UPLOAD_PATH = "/api/reels/uploads";
/** Where `navigator.sendBeacon` posts watch events on page hide. */
export const REEL_EVENTS_PATH = "/api/reels/events";

export const REEL_CAPTION_MAX_LENGTH = 500;
export const REEL_COMMENT_MAX_LENGTH = 500;
export const REEL_REASON_MAX_LENGTH = 500;
export const REEL_FEED_PAGE_SIZE = 10;
export const REEL_COMMENTS_PAGE_SIZE = 20;
/** Replies shown under each comment (one level); the rest come with `listComments({ parentId })`. */
export const REEL_REPLIES_SHOWN = 3;
export const ADMIN_REELS_PAGE_SIZE = 30;

// ---- How watching is counted ---------------------------------------------------------------

/** A view counts after this much playback… */
export const REEL_VIEW_AFTER_MS = 3_000;
/** …or, for reels shorter than this, after half of the reel. */
export const REEL_SHORT_MS = 6_000;
/**
 * Leaving before the view counted (within 3 s) is a skip.
 * @alias the same span as REEL_VIEW_AFTER_MS, named for what it decides
 */
export const REEL_SKIP_WITHIN_MS = REEL_VIEW_AFTER_MS;
/** Events in one batch at most. */
export const REEL_EVENTS_PER_BATCH = 50;
/** The retention curve has a point every 5 % of the length: 21 points, 0 % to 100 %. */
export const REEL_RETENTION_STEPS = 20;

/** The playback after which a view of a reel this long counts. */
export function viewThresholdMs(durationMs: number): number {
  return durationMs < REEL_SHORT_MS ? Math.ceil(durationMs / 2) : REEL_VIEW_AFTER_MS;
}

export const REEL_EVENT_KINDS = ["play", "progress", "end", "leave"] as const;
/**
 * play: playback of the reel started (send it at once). progress: still playing. end: the reel
 * reached its end (it loops on). leave: the viewer moved away from the reel or hid the page.
 */
export type ReelEventKind = (typeof REEL_EVENT_KINDS)[number];

/** One watch event, as the player reports it. */
export interface ReelWatchEvent {
  reelId: string;
  /** 0, 1, 2, … per (session, reel): a repeated sequence number is a duplicate and is ignored. */
  seq: number;
  kind: ReelEventKind;
  /** Where the playhead is, in the reel (0 to its length). */
  positionMs: number;
  /** Everything played of this reel in this session so far (loops included): it only grows. */
  playedMs: number;
  /** The client's clock (ISO), for the record only: the server keeps time itself. */
  at: string;
}

export interface WatchEventsResult {
  /** New events taken into account. */
  accepted: number;
  /** Events already received (same session, reel and sequence number). */
  duplicates: number;
  /** Events refused: unknown or unavailable reel, impossible values, the creator's own views. */
  ignored: number;
}

// ---- What the feed shows -----------------------------------------------------------------------

export interface ReelCreator {
  id: string;
  name: string;
  handle: string | null;
  avatarUrl: string | null;
  /** The viewer follows this creator. */
  isFollowed: boolean;
  /** A reel made by the platform's team for one of its titles. */
  isOfficial: boolean;
}

/** The title (or one of its episodes) a reel trails: "Watch the series". */
export interface ReelLink {
  contentId: string;
  episodeId: string | null;
  /** The episode's number, when the link is to an episode. */
  episodeNumber: number | null;
  title: string;
  coverImage: string | null;
  contentType: "book" | "audiobook" | "comic" | "drama";
  /** The linked episode is locked for the viewer (the unlock dialog comes first); false for a title. */
  isLocked: boolean;
}

export interface ReelCard {
  id: string;
  /** A signed URL, valid for some hours (fetch the feed again for new ones). */
  videoUrl: string;
  posterUrl: string | null;
  captionsUrl: string | null;
  width: number;
  height: number;
  durationMs: number;
  hasAudio: boolean;
  caption: string;
  creator: ReelCreator;
  link: ReelLink | null;
  likeCount: number;
  commentCount: number;
  shareCount: number;
  isLiked: boolean;
  publishedAt: string | null;
}

export interface ReelFeedPage {
  items: ReelCard[];
  nextCursor: string | null;
  /**
   * Signs the beacon posted to REEL_EVENTS_PATH on page hide, where no Authorization header can be
   * set: `{ token: watchToken, sessionId, events }`. Valid for 6 to 12 hours.
   */
  watchToken: string;
}

/** Where "Watch the series" goes, and the episode (with its lock) for the unlock dialog. */
export interface LinkedTitleTarget {
  /**
   * The reader's address of the linked episode (`/watch/{id}?episode=2`), or `/content/{id}` for a
   * title (and for an episode not released yet).
   */
  path: string;
  contentId: string;
  /**
   * The linked episode, or for a title the one the viewer would open next (their continue episode,
   * else the first), as the title page lists it: `lock` is set when it is locked. Null when the
   * title has no released episode.
   */
  episode: EpisodeSummary | null;
}

// ---- Comments -----------------------------------------------------------------------------------

export interface ReelComment {
  id: string;
  reelId: string;
  /** Null for a reply. */
  parentId: string | null;
  author: PersonSummary;
  /** Empty when deleted (a deleted comment stays as a marker while it has replies). */
  text: string;
  isDeleted: boolean;
  createdAt: string;
  /** The viewer may delete it (their own, or they are an administrator). */
  canDelete: boolean;
  isMine: boolean;
  replyCount: number;
  /** The oldest replies, up to REEL_REPLIES_SHOWN (empty for replies). */
  replies: ReelComment[];
}

export interface ReelCommentPage {
  items: ReelComment[];
  nextCursor: string | null;
  /** Comments on the reel in all, replies included, deleted ones not. */
  total: number;
}

// ---- The creator's and the administrators' lists ----------------------------------------------

export interface ReelFigures {
  views: number;
  likes: number;
  comments: number;
  shares: number;
}

export interface MyReel {
  id: string;
  status: ReelStatus;
  /** While processing: 0 to 1, and what is being done. */
  progress: number | null;
  progressMessage: string | null;
  /** Why it failed, was rejected or removed, in words for the creator. */
  reason: string | null;
  caption: string;
  visibility: ReelVisibility;
  link: Omit<ReelLink, "isLocked"> | null;
  /** Null while processing, and once failed or removed. */
  videoUrl: string | null;
  posterUrl: string | null;
  captionsUrl: string | null;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  isOfficial: boolean;
  isFeatured: boolean;
  figures: ReelFigures;
  createdAt: string;
  publishedAt: string | null;
}

export interface AdminReel extends MyReel {
  creator: PersonSummary;
  reviewedBy: PersonSummary | null;
  reviewedAt: string | null;
}

export interface AdminReelPage {
  items: AdminReel[];
  nextCursor: string | null;
  /** Reels waiting for review, whatever the filters. */
  pendingCount: number;
}

export interface ReelSettings {
  /** Users' reels wait for an administrator before they are published (administrators' never do). */
  requireReview: boolean;
}

// ---- Analytics -------------------------------------------------------------------------------

/** Figures over a range of days, for all reels or one. Rates are 0 to 1, null when nothing to divide. */
export interface ReelFiguresSummary {
  /** Plays started (the player's first event of a reel in a session); the creators' own excluded. */
  plays: number;
  /** Plays that lasted REEL_VIEW_AFTER_MS (or half a reel shorter than REEL_SHORT_MS). */
  views: number;
  /** Distinct people with a view. */
  uniqueViewers: number;
  /** Plays left before they counted as a view (within 3 s), of plays. */
  skipRate: number | null;
  /** Playback time of views (loops included), divided by views. */
  averageWatchMs: number | null;
  /** Views played to the end, of views. */
  completionRate: number | null;
  likes: number;
  comments: number;
  shares: number;
  /** "Watch the series" clicks. */
  clicks: number;
  /** Episode unlocks of the linked title within 24 h of a click, each credited to the latest click before it. */
  unlocks: number;
  /** Clicks followed by at least one unlock within 24 h, of clicks. */
  conversionRate: number | null;
}

export interface ReelsAnalytics {
  from: string;
  to: string;
  reelId: string | null;
  totals: ReelFiguresSummary;
  /** Every day of the range, oldest first (UTC days; a view's day is the day its play started). */
  days: Array<ReelFiguresSummary & { day: string }>;
  /**
   * Share of plays still playing at each 5 % of the reel's length: 21 points, `at` 0 to 100.
   * Empty when nothing was played.
   */
  retention: Array<{ at: number; share: number }>;
  /** The reels with plays, likes, comments, shares or clicks in the range, most viewed first (at most 100). */
  reels: Array<
    ReelFiguresSummary & {
      id: string;
      caption: string;
      creator: PersonSummary;
      isOfficial: boolean;
      posterUrl: string | null;
      durationMs: number | null;
    }
  >;
}

const REEL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The reel a feed link asks to open first (`/reels?reel={id}`); anything but a reel's id opens the feed as usual. */
export function firstReelIdOf(asked: string | null): string | null {
  return asked && REEL_ID.test(asked) ? asked : null;
}
