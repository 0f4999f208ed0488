// What the book club functions accept.
import { z } from "zod";
import {
  CLUB_DESCRIPTION_MAX_LENGTH,
  CLUB_MEMBER_LIMIT_MAX,
  CLUB_MILESTONES_MAX,
  CLUB_NAME_MAX_LENGTH,
  CLUB_POLL_KINDS,
  CLUB_POLL_OPTIONS_MAX,
  CLUB_POLL_OPTIONS_MIN,
  CLUB_POST_MAX_LENGTH,
  CLUB_POSTS_PAGE_SIZE,
  CLUB_PRIVACIES,
  CLUB_REACTIONS,
  CLUB_RSVPS,
  CLUB_RULES_MAX_LENGTH,
  CLUB_SORTS,
} from "./clubs.ts";
import { CONTENT_TYPES } from "./content.ts";
import { REPORT_REASON_INPUTS } from "./moderation.ts";
import { visibleString } from "./visible-text.ts";

const clubId = z.uuid("Not a valid club");
const postId = z.uuid("Not a valid post");
const userId = z.uuid("Not a valid person");

/** Line breaks and tabs are fine in longer text; other control characters are not. */
const noControlCharacters = (text: string) => !/\p{Cc}/u.test(text.replace(/[\n\r\t]/g, ""));

const clubFields = {
  name: visibleString("A club's name")
    .min(3, "A club's name is at least 3 characters")
    .max(CLUB_NAME_MAX_LENGTH, `A club's name is at most ${CLUB_NAME_MAX_LENGTH} characters`),
  description: z
    .string()
    .trim()
    .max(CLUB_DESCRIPTION_MAX_LENGTH, `A description is at most ${CLUB_DESCRIPTION_MAX_LENGTH} characters`)
    .refine(noControlCharacters, "Use letters, digits, spaces and punctuation"),
  rules: z
    .string()
    .trim()
    .max(CLUB_RULES_MAX_LENGTH, `The rules are at most ${CLUB_RULES_MAX_LENGTH} characters`)
    .refine(noControlCharacters, "Use letters, digits, spaces and punctuation"),
  privacy: z.enum(CLUB_PRIVACIES, "Choose public, private or secret"),
  memberLimit: z
    .number()
    .int()
    .min(2, "A club has room for at least 2 members")
    .max(CLUB_MEMBER_LIMIT_MAX, `A club has room for at most ${CLUB_MEMBER_LIMIT_MAX} members`),
  /** An uploaded picture for the cover (POST /api/uploads first); null removes it. */
  coverUploadId: z.uuid("Not a valid upload").nullable(),
};

export const createClubInput = z
  .object({
    name: clubFields.name,
    description: clubFields.description.default(""),
    rules: clubFields.rules.default(""),
    privacy: clubFields.privacy.default("public"),
    memberLimit: clubFields.memberLimit.optional(),
    coverUploadId: clubFields.coverUploadId.optional(),
  })
  .strict();

export const updateClubInput = z
  .object({
    clubId,
    name: clubFields.name.optional(),
    description: clubFields.description.optional(),
    rules: clubFields.rules.optional(),
    privacy: clubFields.privacy.optional(),
    memberLimit: clubFields.memberLimit.optional(),
    coverUploadId: clubFields.coverUploadId.optional(),
  })
  .strict();

export const clubIdInput = z.object({ clubId }).strict();

export const discoverClubsInput = z
  .object({
    query: z.string().trim().max(60, "A search is at most 60 characters").default(""),
    genre: z.string().trim().max(40, "A genre is at most 40 characters").optional(),
    contentType: z.enum(CONTENT_TYPES, "Not a kind of title").optional(),
    sort: z.enum(CLUB_SORTS, "Not a way to sort clubs").default("popular"),
  })
  .strict();

export const clubMemberInput = z.object({ clubId, userId }).strict();

export const joinByCodeInput = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,40}$/, "That invitation link is not valid"),
  })
  .strict();

export const setMemberRoleInput = z
  .object({ clubId, userId, role: z.enum(["moderator", "member"], "Choose moderator or member") })
  .strict();

export const muteMemberInput = z
  .object({
    clubId,
    userId,
    hours: z
      .number()
      .int()
      .min(0, "Choose how long")
      .max(24 * 30, "At most 30 days"),
  })
  .strict();

const isoDate = z.iso.date("Choose a date");

export const milestoneInput = z
  .object({
    title: visibleString("A milestone's title")
      .max(80, "A milestone's title is at most 80 characters")
      .default(""),
    fromEpisode: z.number().int().min(1, "Episodes start at 1"),
    toEpisode: z.number().int().min(1, "Episodes start at 1"),
    dueOn: isoDate,
  })
  .strict()
  .refine((milestone) => milestone.fromEpisode <= milestone.toEpisode, {
    message: "A milestone ends at or after its first episode",
    path: ["toEpisode"],
  });

export const setCurrentReadInput = z
  .object({
    clubId,
    contentId: z.uuid("Choose a title"),
    milestones: z
      .array(milestoneInput)
      .min(1, "Add at least one milestone")
      .max(CLUB_MILESTONES_MAX, `At most ${CLUB_MILESTONES_MAX} milestones`),
  })
  .strict();

export const rateReadInput = z
  .object({
    clubId,
    readId: z.uuid("Not a valid read"),
    rating: z
      .number()
      .int("Rate from 1 to 5 stars")
      .min(1, "Rate from 1 to 5 stars")
      .max(5, "Rate from 1 to 5 stars"),
  })
  .strict();

export const listClubPostsInput = z
  .object({
    clubId,
    /** A milestone's thread; null: the general board. */
    milestoneId: z.uuid().nullable(),
    cursor: z.string().max(100).nullish(),
    limit: z.number().int().min(1).max(50).default(CLUB_POSTS_PAGE_SIZE),
  })
  .strict();

export const createClubPostInput = z
  .object({
    clubId,
    milestoneId: z.uuid().nullable().default(null),
    /** Replying to this post. */
    parentId: z.uuid().nullable().default(null),
    body: z
      .string()
      .trim()
      .max(CLUB_POST_MAX_LENGTH, `A post can be at most ${CLUB_POST_MAX_LENGTH} characters`)
      .default(""),
    /** Marks the post a spoiler for this episode of the current read. */
    spoilerEpisode: z.number().int().min(1).nullable().default(null),
    imageUploadId: z.uuid().optional(),
  })
  .strict()
  .refine((input) => input.body.length > 0 || input.imageUploadId, {
    message: "A post cannot be empty",
    path: ["body"],
  });

export const clubPostInput = z.object({ postId }).strict();

export const setPostFlagInput = z.object({ postId, value: z.boolean() }).strict();

export const reactToPostInput = z
  .object({ postId, reaction: z.enum(CLUB_REACTIONS, "Not a reaction"), isOn: z.boolean() })
  .strict();

export const reportClubPostInput = z
  .object({
    postId,
    reason: z.enum(REPORT_REASON_INPUTS, "Choose a reason"),
    details: z.string().trim().max(1_000, "Details are at most 1,000 characters").default(""),
  })
  .strict();

export const createPollInput = z
  .object({
    clubId,
    question: visibleString("A question")
      .min(3, "Ask a question")
      .max(200, "A question is at most 200 characters"),
    kind: z.enum(CLUB_POLL_KINDS, "Choose single, multiple or ranked"),
    isAnonymous: z.boolean().default(false),
    closesAt: z.iso.datetime({ offset: true, message: "Choose when the poll closes" }),
    options: z
      .array(
        z
          .object({
            label: visibleString("A choice").max(120, "A choice is at most 120 characters").default(""),
            contentId: z.uuid().nullable().default(null),
          })
          .strict()
          .refine((option) => option.label.length > 0 || option.contentId, "Name the choice"),
      )
      .min(CLUB_POLL_OPTIONS_MIN, `Give at least ${CLUB_POLL_OPTIONS_MIN} choices`)
      .max(CLUB_POLL_OPTIONS_MAX, `At most ${CLUB_POLL_OPTIONS_MAX} choices`),
  })
  .strict();

export const pollIdInput = z.object({ pollId: z.uuid("Not a valid poll") }).strict();

export const votePollInput = z
  .object({
    pollId: z.uuid("Not a valid poll"),
    /** The chosen options; for ranked polls in order of preference. */
    choices: z.array(z.uuid()).min(1, "Choose at least one").max(CLUB_POLL_OPTIONS_MAX),
  })
  .strict()
  .refine((input) => new Set(input.choices).size === input.choices.length, {
    message: "Choose each option once",
    path: ["choices"],
  });

export const createMeetingInput = z
  .object({
    clubId,
    title: visibleString("A meeting's title")
      .min(3, "Name the meeting")
      .max(120, "A meeting's title is at most 120 characters"),
    startsAt: z.iso.datetime({ offset: true, message: "Choose a date and time" }),
    durationMinutes: z
      .number()
      .int()
      .min(15, "At least 15 minutes")
      .max(8 * 60, "At most 8 hours")
      .default(60),
    onlineUrl: z
      .url({ protocol: /^https?$/, message: "An online link starts with https://" })
      .max(500)
      .nullable()
      .default(null),
    place: visibleString("A place").max(200, "A place is at most 200 characters").nullable().default(null),
  })
  .strict()
  .refine((input) => input.onlineUrl || input.place, {
    message: "Give an online link or a place",
    path: ["place"],
  });

export const meetingIdInput = z.object({ meetingId: z.uuid("Not a valid meeting") }).strict();

export const rsvpInput = z
  .object({
    meetingId: z.uuid("Not a valid meeting"),
    response: z.enum(CLUB_RSVPS, "Choose going, maybe or not going"),
  })
  .strict();
