// What the unlock functions accept.
import { z } from "zod";
import { UNLOCK_METHODS } from "./unlocks.ts";

const idSchema = z.uuid("Not a valid id");
const coinsSchema = z
  .number({ error: "A number of coins is needed" })
  .int("Whole coins only")
  .min(0, "Coins cannot be negative")
  .max(2_147_483_647, "That is too many coins");

export const getUnlockOptionsInput = z.object({ episodeId: idSchema }).strict();

export const unlockEpisodeInput = z
  .object({
    episodeId: idSchema,
    method: z.enum(UNLOCK_METHODS, { error: "Unlock with coins, a rental or wait for free" }),
    /** The price the reader saw: the server refuses, charging nothing, when it has changed. */
    expectedPriceCoins: coinsSchema,
  })
  .strict();

export const unlockAllRemainingInput = z
  .object({ contentId: idSchema, expectedPriceCoins: coinsSchema })
  .strict();

export const adminListUnlocksInput = z
  .object({
    /** Part of the reader's email or the title. */
    query: z.string().trim().max(200, "A search is at most 200 characters").optional(),
    cursor: idSchema.nullish(),
  })
  .strict()
  .default({});

export const refundUnlockInput = z
  .object({
    unlockId: idSchema,
    reason: z
      .string()
      .trim()
      .min(3, "Say why, in a few words")
      .max(500, "A reason is at most 500 characters"),
  })
  .strict();
