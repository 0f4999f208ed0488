// What the email and newsletter functions accept.
import { z } from "zod";
import { httpsUrl } from "./https-url.ts";
import {
  DIGEST_FREQUENCIES,
  MAIL_KINDS,
  MAIL_STATUSES,
  NEWSLETTER_BUTTON_LABEL_MAX_LENGTH,
  NEWSLETTER_HEADING_MAX_LENGTH,
  NEWSLETTER_ISSUE_STATUSES,
  NEWSLETTER_MAX_BLOCKS,
  NEWSLETTER_PREHEADER_MAX_LENGTH,
  NEWSLETTER_SUBJECT_MAX_LENGTH,
  NEWSLETTER_TEXT_MAX_LENGTH,
} from "./mail.ts";
import { isTimeZone } from "./people-inputs.ts";
import { invisibleTextMessage, isVisibleMultilineText, visibleString } from "./visible-text.ts";

const noControlCharacters = (text: string) => !/\p{Cc}/u.test(text);
const line = (what: string, max: number) =>
  visibleString(what)
    .pipe(z.string().min(1, `${what} is required`).max(max, `${what} is at most ${max} characters`))
    .refine(noControlCharacters, "Use letters, digits, spaces and punctuation");
/** Several paragraphs: line breaks and tabs allowed, other invisible characters not. */
const paragraphs = (what: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} is at most ${max} characters`)
    .refine(isVisibleMultilineText, invisibleTextMessage(what));

/** Where a newsletter's button or picture leads: an outside https address, or a page of the app ("/explore"). */
const newsletterLink = z.union(
  [
    z
      .string()
      .trim()
      .max(500, "That address is too long")
      .regex(
        /^\/(?!\/)[\w\-.~/?#[\]@!$&'()*+,;=%]*$/,
        "Give a full https:// address or a page such as /explore",
      ),
    httpsUrl,
  ],
  "Give a full https:// address or a page such as /explore",
);

export const emailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "That address is too long")
  .pipe(z.email("Give a valid email address"));

// ---- A person's email settings ----

export const setEmailSettingsInput = z
  .object({
    moderation: z.boolean().optional(),
    support: z.boolean().optional(),
    digest: z.enum(DIGEST_FREQUENCIES, "Choose how often").optional(),
  })
  .strict();

export const setNewsletterInput = z.object({ subscribed: z.boolean() }).strict();

export const changeEmailInput = z
  .object({
    email: emailAddress,
    password: z.string().min(1, "Give your password").max(4_096, "That password is too long"),
  })
  .strict();

// ---- Newsletter (admin) ----

const issueId = z.uuid("Not a valid issue");
export const issueIdInput = z.object({ issueId }).strict();

export const newsletterBlockInput = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("heading"), text: line("A heading", NEWSLETTER_HEADING_MAX_LENGTH) }).strict(),
    z.object({ type: z.literal("text"), text: paragraphs("Text", NEWSLETTER_TEXT_MAX_LENGTH) }).strict(),
    z
      .object({
        type: z.literal("picture"),
        /** A picture already stored for this issue, or an upload to store (`upload:<id>`). */
        pictureKey: z
          .string()
          .regex(/^(newsletter-images\/[\w-]+\/[\w.-]+|upload:[\w-]{1,64})$/, "Upload the picture again"),
        alt: visibleString("A description").pipe(
          z.string().max(300, "A description is at most 300 characters"),
        ),
        link: newsletterLink.nullable(),
      })
      .strict(),
    z.object({ type: z.literal("title"), titleId: z.uuid("Choose a title") }).strict(),
    z
      .object({
        type: z.literal("button"),
        label: line("A button's label", NEWSLETTER_BUTTON_LABEL_MAX_LENGTH),
        url: newsletterLink,
      })
      .strict(),
  ],
  "Not a kind of block",
);

export const newsletterSegmentInput = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("everyone") }).strict(),
    z.object({ kind: z.literal("genre"), genre: line("A genre", 60) }).strict(),
    z.object({ kind: z.literal("followers"), titleId: z.uuid("Choose a title") }).strict(),
    z
      .object({
        kind: z.literal("unlocked_not_next"),
        titleId: z.uuid("Choose a title"),
        episodeNumber: z.number("Give an episode number").int().min(1).max(100_000),
      })
      .strict(),
    z
      .object({
        kind: z.literal("inactive"),
        days: z.number("Give a number of days").int().min(1).max(3_650),
      })
      .strict(),
    z.object({ kind: z.literal("plan"), planId: z.uuid("Choose a plan") }).strict(),
    z
      .object({
        kind: z.literal("coins_below"),
        coins: z.number("Give a number of coins").int().min(1).max(10_000_000),
      })
      .strict(),
  ],
  "Not a kind of audience",
);

export const saveIssueInput = z
  .object({
    /** Absent: a new draft. */
    issueId: issueId.optional(),
    subject: line("A subject", NEWSLETTER_SUBJECT_MAX_LENGTH),
    preheader: visibleString("A preview line")
      .pipe(
        z
          .string()
          .max(
            NEWSLETTER_PREHEADER_MAX_LENGTH,
            `A preview line is at most ${NEWSLETTER_PREHEADER_MAX_LENGTH} characters`,
          ),
      )
      .refine(noControlCharacters, "Use letters, digits, spaces and punctuation"),
    blocks: z
      .array(newsletterBlockInput)
      .min(1, "Add at least one block")
      .max(NEWSLETTER_MAX_BLOCKS, `An issue has at most ${NEWSLETTER_MAX_BLOCKS} blocks`),
    segment: newsletterSegmentInput,
  })
  .strict();

/** A draft's content, for the live preview (nothing stored). */
export const previewIssueInput = saveIssueInput.omit({ issueId: true, segment: true });

export const estimateAudienceInput = z.object({ segment: newsletterSegmentInput }).strict();

/** A local date and time in the team's time zone. */
export const scheduleIssueInput = z
  .object({
    issueId,
    /** Null: send now. */
    sendAt: z
      .object({
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Give a date"),
        time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Give a time"),
      })
      .strict()
      .nullable(),
  })
  .strict();

export const newsletterSettingsInput = z
  .object({ timeZone: z.string().max(64).refine(isTimeZone, "Not a time zone") })
  .strict();

export const listIssuesInput = z
  .object({ status: z.enum(NEWSLETTER_ISSUE_STATUSES, "Not a status").optional() })
  .strict();

export const searchNewsletterTitlesInput = z
  .object({ query: z.string().trim().max(100, "Use at most 100 characters") })
  .strict();

export const listOutboxInput = z
  .object({
    kind: z.enum(MAIL_KINDS, "Not a kind of message").optional(),
    status: z.enum(MAIL_STATUSES, "Not a status").optional(),
    /** Part of the recipient's address. */
    to: z.string().trim().max(254).optional(),
    cursor: z.string().max(200).nullish(),
    limit: z.number().int().min(1).max(100).default(50),
  })
  .strict();

export const outboxMessageInput = z.object({ messageId: z.uuid("Not a valid message") }).strict();

export const liftSuppressionInput = z.object({ userId: z.uuid("Not a valid person") }).strict();
