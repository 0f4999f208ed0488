// What the messages functions accept.
import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "./messages.ts";
import { REPORT_REASON_INPUTS } from "./moderation.ts";

const partnerId = z.uuid("Choose who the message is for");

export const partnerInput = z.object({ partnerId }).strict();

export const sendMessageInput = z
  .object({
    partnerId,
    body: z
      .string()
      .trim()
      .max(MESSAGE_MAX_LENGTH, `A message can be at most ${MESSAGE_MAX_LENGTH} characters`)
      .default(""),
    /** An uploaded picture to send with it (POST /api/uploads first). */
    imageUploadId: z.uuid("Not a valid upload").optional(),
  })
  .strict()
  .refine((input) => input.body.length > 0 || input.imageUploadId, {
    message: "A message cannot be empty",
    path: ["body"],
  });

export const messagePageInput = z
  .object({
    partnerId,
    cursor: z.string().max(100, "Not a valid page marker").nullish(),
    limit: z
      .number()
      .int("A page holds a whole number of messages")
      .min(1, "A page holds at least 1 message")
      .max(100, "A page holds at most 100 messages")
      .default(30),
  })
  .strict();

export const viewConversationInput = z.object({ partnerId, isViewing: z.boolean() }).strict();

export const setTypingInput = z.object({ partnerId, isTyping: z.boolean() }).strict();

export const messageIdInput = z.object({ messageId: z.uuid("Not a valid message") }).strict();

export const reportMessageInput = z
  .object({
    messageId: z.uuid("Not a valid message"),
    reason: z.enum(REPORT_REASON_INPUTS, "Choose a reason"),
    details: z.string().trim().max(1000, "Details are at most 1,000 characters").default(""),
  })
  .strict();
