// What the reels functions accept (and the beacon endpoint, which takes the same events).
import { z } from "zod";
import { REPORT_REASON_INPUTS } from "./moderation.ts";
import {
  REEL_CAPTION_MAX_LENGTH,
  REEL_COMMENT_MAX_LENGTH,
  REEL_EVENT_KINDS,
  REEL_EVENTS_PER_BATCH,
  REEL_MAX_DURATION_MS,
  REEL_REASON_MAX_LENGTH,
  REEL_SHARE_METHODS,
  REEL_STATUSES,
  REEL_VISIBILITIES,
} from "./reels.ts";
import { MAX_REVENUE_RANGE_DAYS } from "./revenue-inputs.ts";
import { invisibleTextMessage, isVisibleMultilineText } from "./visible-text.ts";

const reelId = z.uuid("Not a valid reel");
const commentId = z.uuid("Not a valid comment");
const cursor = z.string().max(200, "Not a valid page marker").nullish();
/** Sent by tRPC's infinite queries; pages only go forward. */
const direction = z.enum(["forward", "backward"], "Pages go forward or backward").optional();

/** Line breaks and tabs are fine in longer text; other control characters are not. */
const noControlCharacters = (text: string) => !/\p{Cc}/u.test(text.replace(/[\n\r\t]/g, ""));

const caption = z
  .string()
  .trim()
  .refine(isVisibleMultilineText, invisibleTextMessage("A caption"))
  .max(REEL_CAPTION_MAX_LENGTH, `A caption is at most ${REEL_CAPTION_MAX_LENGTH} characters`);

const reason = z
  .string()
  .trim()
  .min(3, "Say why, in a few words")
  .max(REEL_REASON_MAX_LENGTH, `A reason is at most ${REEL_REASON_MAX_LENGTH} characters`)
  .refine(noControlCharacters, "Use letters, digits, spaces and punctuation");

/** The title a reel trails, or one of its episodes. */
const link = z
  .object({
    contentId: z.uuid("Not a valid title"),
    episodeId: z.uuid("Not a valid episode").nullish(),
  })
  .strict();

const visibility = z.enum(REEL_VISIBILITIES, "Choose who can see it: everyone, followers or only you");

export const reelIdInput = z.object({ reelId }).strict();

export const listFeedInput = z
  .object({
    cursor,
    direction,
    /** The deep link `/reels?reel={id}`: this reel comes first. */
    firstReelId: reelId.nullish(),
  })
  .strict();

export const shareReelInput = z
  .object({ reelId, method: z.enum(REEL_SHARE_METHODS, "Say how it was shared: copy or native") })
  .strict();

export const creatorInput = z.object({ userId: z.uuid("Not a valid person") }).strict();

export const listCommentsInput = z
  .object({
    reelId,
    cursor,
    direction,
    /** A comment's replies after the first few shown under it. */
    parentId: commentId.nullish(),
  })
  .strict();

export const addCommentInput = z
  .object({
    reelId,
    text: z
      .string()
      .trim()
      .min(1, "Write something first")
      .max(REEL_COMMENT_MAX_LENGTH, `A comment is at most ${REEL_COMMENT_MAX_LENGTH} characters`)
      .refine(noControlCharacters, "Use letters, digits, spaces and punctuation"),
    /** Reply to this comment (a reply to a reply joins its thread). */
    parentId: commentId.nullish(),
  })
  .strict();

export const commentIdInput = z.object({ commentId }).strict();

export const reportCommentInput = z
  .object({
    commentId,
    reason: z.enum(REPORT_REASON_INPUTS, "Choose a reason"),
    details: z.string().trim().max(1_000, "Details are at most 1,000 characters").default(""),
  })
  .strict();

export const reelWatchEvent = z
  .object({
    reelId,
    seq: z
      .number()
      .int("A sequence number is a whole number")
      .min(0, "A sequence number starts at 0")
      .max(1_000_000, "A sequence number is at most 1,000,000"),
    kind: z.enum(REEL_EVENT_KINDS, "Unknown event kind"),
    // A reel loops, so playback can run past its length; a day of it is the most anyone watches.
    positionMs: z
      .number()
      .int("A position is in whole milliseconds")
      .min(0, "A position cannot be negative")
      .max(REEL_MAX_DURATION_MS + 1_000, "The position is past any reel's end"),
    playedMs: z
      .number()
      .int("Playback is in whole milliseconds")
      .min(0, "Playback cannot be negative")
      .max(86_400_000, "More than a day of playback"),
    at: z.iso.datetime({ offset: true, message: "A time as an ISO date and time" }),
  })
  .strict();

export const recordWatchEventsInput = z
  .object({
    /** Made by the player once per page (a UUID): views are counted per session and reel. */
    sessionId: z.uuid("Not a valid session"),
    events: z
      .array(reelWatchEvent)
      .min(1, "No events")
      .max(REEL_EVENTS_PER_BATCH, `At most ${REEL_EVENTS_PER_BATCH} events at a time`),
  })
  .strict();

/** The beacon's body: the events and the feed's watch token in place of an Authorization header. */
export const watchEventsBeaconInput = z
  .object({
    token: z.string().min(1, "No watch token").max(300, "Not a valid watch token"),
    sessionId: recordWatchEventsInput.shape.sessionId,
    events: recordWatchEventsInput.shape.events,
  })
  .strict();

export const createReelInput = z
  .object({
    /** The id of a finished upload to REEL_UPLOAD_PATH (the last part of its URL). */
    uploadId: z.string().regex(/^[0-9a-f]{32}$/, "Not a valid upload"),
    caption: caption.default(""),
    link: link.nullable().default(null),
    visibility: visibility.default("public"),
    /** A WebVTT or SRT file sent to POST /api/uploads first. */
    captionsUploadId: z.uuid("Not a valid upload").nullish(),
    /** Administrators only: a reel of the platform's own, for one of its titles. */
    official: z.boolean().default(false),
  })
  .strict();

export const updateReelInput = z
  .object({
    id: reelId,
    data: z
      .object({
        caption: caption.optional(),
        link: link.nullable().optional(),
        visibility: visibility.optional(),
      })
      .strict(),
  })
  .strict();

export const adminListReelsInput = z
  .object({
    status: z.enum(REEL_STATUSES, "Unknown status").nullish(),
    /** A creator's id. */
    creator: z.uuid("Not a valid person").nullish(),
    official: z.boolean().nullish(),
    featured: z.boolean().nullish(),
    /** Words of the caption, the creator's name or handle, or the linked title. */
    search: z.string().trim().max(100, "A search is at most 100 characters").nullish(),
    cursor,
    direction,
  })
  .strict();

export const rejectReelInput = z.object({ reelId, reason }).strict();
export const removeReelInput = z.object({ reelId, reason }).strict();
export const featureReelInput = z.object({ reelId, featured: z.boolean() }).strict();

export const updateReelSettingsInput = z.object({ requireReview: z.boolean() }).strict();

const day = z.iso.date("A day as YYYY-MM-DD");
const DAY_MS = 86_400_000;

/** A range of whole UTC days (both included, at most MAX_REVENUE_RANGE_DAYS), for all reels or one. */
export const reelsAnalyticsInput = z
  .object({ from: day, to: day, reelId: reelId.nullish() })
  .strict()
  .superRefine((value, context) => {
    if (value.from > value.to) {
      context.addIssue({ code: "custom", message: "The range ends before it starts", path: ["to"] });
    } else if ((Date.parse(value.to) - Date.parse(value.from)) / DAY_MS + 1 > MAX_REVENUE_RANGE_DAYS) {
      context.addIssue({
        code: "custom",
        message: `At most ${MAX_REVENUE_RANGE_DAYS} days at a time`,
        path: ["from"],
      });
    }
  });
