// What the messages functions accept.
import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "./messages.ts";

export const sendMessageInput = z
  .object({
    recipientId: z.uuid("Choose who the message is for"),
    body: z
      .string()
      .trim()
      .min(1, "A message cannot be empty")
      .max(MESSAGE_MAX_LENGTH, `A message can be at most ${MESSAGE_MAX_LENGTH} characters`),
  })
  .strict();
