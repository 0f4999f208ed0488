// What the support desk's functions accept.
import { z } from "zod";
import { revenueAnalyticsInput } from "./revenue-inputs.ts";
import {
  AGENT_SETTABLE_STATUSES,
  CANNED_TITLE_MAX_LENGTH,
  COMPENSATION_MAX_COINS,
  RATING_COMMENT_MAX_LENGTH,
  SUPPORT_CATEGORIES,
  TICKET_ATTACHMENTS_MAX,
  TICKET_MESSAGE_MAX_LENGTH,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKET_SUBJECT_MAX_LENGTH,
} from "./support.ts";
import { visibleString } from "./visible-text.ts";

const ticketId = z.uuid("Not a valid ticket");
/** Line breaks and tabs are fine in longer text; other control characters are not. */
const noControlCharacters = (text: string) => !/\p{Cc}/u.test(text.replace(/[\n\r\t]/g, ""));

const messageBody = z
  .string()
  .trim()
  .max(TICKET_MESSAGE_MAX_LENGTH, `A message is at most ${TICKET_MESSAGE_MAX_LENGTH} characters`)
  .refine(noControlCharacters, "Use letters, digits, spaces and punctuation");
const attachmentUploadIds = z
  .array(z.uuid("Not a valid upload"))
  .max(TICKET_ATTACHMENTS_MAX, `At most ${TICKET_ATTACHMENTS_MAX} attachments`)
  .refine((ids) => new Set(ids).size === ids.length, "The same file is attached twice")
  .default([]);

export const ticketIdInput = z.object({ ticketId }).strict();

export const createTicketInput = z
  .object({
    category: z.enum(SUPPORT_CATEGORIES, "Choose what it is about"),
    subject: visibleString("A subject")
      .min(3, "A subject is at least 3 characters")
      .max(TICKET_SUBJECT_MAX_LENGTH, `A subject is at most ${TICKET_SUBJECT_MAX_LENGTH} characters`),
    description: messageBody.pipe(z.string().min(10, "Tell us a little more: at least 10 characters")),
    attachmentUploadIds,
    /** One of the person's own payments or unlocks the ticket is about. */
    item: z
      .object({
        kind: z.enum(["payment", "unlock"], "Choose a payment or an unlock"),
        id: z.uuid("Not a valid payment or unlock"),
      })
      .strict()
      .nullish(),
  })
  .strict();

export const replyToTicketInput = z
  .object({ ticketId, body: messageBody, attachmentUploadIds })
  .strict()
  .refine((input) => input.body.length > 0 || input.attachmentUploadIds.length > 0, {
    message: "Write a reply or attach a file",
    path: ["body"],
  });

export const rateTicketInput = z
  .object({
    ticketId,
    score: z.number().int().min(1, "From 1 to 5").max(5, "From 1 to 5"),
    comment: z
      .string()
      .trim()
      .max(RATING_COMMENT_MAX_LENGTH, `A comment is at most ${RATING_COMMENT_MAX_LENGTH} characters`)
      .refine(noControlCharacters, "Use letters, digits, spaces and punctuation")
      .default(""),
  })
  .strict();

export const supportQueueInput = z
  .object({
    status: z.enum(TICKET_STATUSES, "Not a ticket status").optional(),
    /** Every ticket not solved or closed. */
    activeOnly: z.boolean().default(true),
    priority: z.enum(TICKET_PRIORITIES, "Not a priority").optional(),
    category: z.enum(SUPPORT_CATEGORIES, "Not a category").optional(),
    /** A person's id, or "me", or "none" for unassigned. */
    assignee: z.union([z.uuid("Not a valid agent"), z.enum(["me", "none"])]).optional(),
    unattended: z.boolean().default(false),
    /** Words of the subject, the ticket's number, or the person's email. */
    query: z.string().trim().max(200, "A search is at most 200 characters").optional(),
    cursor: z.string().max(100, "Not a valid page marker").nullish(),
  })
  .strict()
  .default({ activeOnly: true, unattended: false });

export const agentReplyInput = z
  .object({
    ticketId,
    body: messageBody,
    attachmentUploadIds,
    /** A note is for the team only. */
    internal: z.boolean().default(false),
    /** The status the ticket takes after a reply (not for notes). Default: pending. */
    statusAfter: z.enum(AGENT_SETTABLE_STATUSES).optional(),
  })
  .strict()
  .refine((input) => input.body.length > 0 || input.attachmentUploadIds.length > 0, {
    message: "Write something or attach a file",
    path: ["body"],
  });

export const updateTicketInput = z
  .object({
    ticketId,
    status: z.enum(AGENT_SETTABLE_STATUSES).optional(),
    priority: z.enum(TICKET_PRIORITIES).optional(),
    /** An admin's id, or null to unassign. */
    assigneeId: z.uuid("Not a valid agent").nullable().optional(),
    category: z.enum(SUPPORT_CATEGORIES).optional(),
  })
  .strict()
  .refine((input) => Object.keys(input).length > 1, { message: "Nothing to change", path: ["status"] });

const reasonSchema = z
  .string()
  .trim()
  .min(3, "Say why, in a few words")
  .max(500, "A reason is at most 500 characters")
  .refine(noControlCharacters, "Use letters, digits, spaces and punctuation");

export const ticketPaymentInput = z.object({ ticketId, paymentId: z.uuid("Not a valid payment") }).strict();
export const ticketRefundInput = z
  .object({ ticketId, paymentId: z.uuid("Not a valid payment"), reason: reasonSchema })
  .strict();
export const compensationInput = z
  .object({
    ticketId,
    coins: z
      .number()
      .int("Whole coins only")
      .min(1, "At least 1 coin")
      .max(COMPENSATION_MAX_COINS, `At most ${COMPENSATION_MAX_COINS} coins at once`),
    reason: reasonSchema,
    /** The same request sent twice (a double click, a retry) grants once. */
    requestId: z.uuid("Not a valid request"),
  })
  .strict();

const cannedFields = {
  title: visibleString("A title")
    .min(2, "A title is at least 2 characters")
    .max(CANNED_TITLE_MAX_LENGTH, `A title is at most ${CANNED_TITLE_MAX_LENGTH} characters`),
  body: messageBody.pipe(z.string().min(2, "Write the reply")),
};
export const createCannedReplyInput = z.object(cannedFields).strict();
export const updateCannedReplyInput = z
  .object({ cannedReplyId: z.uuid("Not a valid canned reply"), ...cannedFields })
  .strict();
export const cannedReplyIdInput = z.object({ cannedReplyId: z.uuid("Not a valid canned reply") }).strict();

const minutes = (label: string) =>
  z
    .number()
    .int("Whole minutes")
    .min(5, `${label}: at least 5 minutes`)
    .max(60 * 24 * 60, `${label}: at most 60 days`);
export const updateSlaPolicyInput = z
  .object({
    priority: z.enum(TICKET_PRIORITIES),
    firstReplyMinutes: minutes("First reply"),
    nextReplyMinutes: minutes("Next reply"),
    resolutionMinutes: minutes("Resolution"),
  })
  .strict()
  .refine((input) => input.resolutionMinutes >= input.firstReplyMinutes, {
    message: "Resolution cannot be due before the first reply",
    path: ["resolutionMinutes"],
  });

export const supportAnalyticsInput = revenueAnalyticsInput;
