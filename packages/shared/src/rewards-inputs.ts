// What the rewards functions accept.
import { z } from "zod";
import {
  BADGE_DESCRIPTION_MAX_LENGTH,
  BADGE_ICONS,
  BADGE_KEY_MAX_LENGTH,
  BADGE_KEY_PATTERN,
  BADGE_MEASURES,
  BADGE_NAME_MAX_LENGTH,
  BADGE_THRESHOLD_MAX,
  BADGE_TIERS_MAX,
  REWARD_COINS_MAX,
  REWARD_GRANT_REASON_MAX_LENGTH,
  REWARD_GRANTS_PAGE_MAX,
  REWARD_RULE_KEYS,
  REWARD_XP_CAP_MAX,
  REWARD_XP_MAX,
  ruleKindOf,
  YEARLY_GOAL_MAX,
} from "./rewards.ts";

const noControlCharacters = (text: string) => !/\p{Cc}/u.test(text);
const wholeNumber = (what: string) =>
  z
    .number({ error: `Enter ${what}` })
    .int("A whole number")
    .min(0, "Cannot be negative");

export const setYearlyGoalInput = z
  .object({
    target: z
      .number({ error: "Enter a number of titles" })
      .int("A whole number of titles")
      .min(1, "At least 1 title")
      .max(YEARLY_GOAL_MAX, `At most ${YEARLY_GOAL_MAX.toLocaleString("en-US")} titles`),
  })
  .strict();

export const updateRewardRuleInput = z
  .object({
    key: z.enum(REWARD_RULE_KEYS, "Not a reward rule"),
    amount: wholeNumber("an amount"),
    /** XP rules only. */
    dailyCap: wholeNumber("a daily cap").nullish(),
  })
  .strict()
  .superRefine((input, context) => {
    const kind = ruleKindOf(input.key);
    const max = kind === "xp" ? REWARD_XP_MAX : REWARD_COINS_MAX;
    if (input.amount > max) {
      context.addIssue({
        code: "custom",
        path: ["amount"],
        message: `At most ${max.toLocaleString("en-US")} ${kind === "xp" ? "XP" : "coins"}`,
      });
    }
    if (kind !== "xp" && input.dailyCap != null) {
      context.addIssue({ code: "custom", path: ["dailyCap"], message: "Only XP rules have a daily cap" });
    }
    if (kind === "xp" && input.dailyCap == null) {
      context.addIssue({ code: "custom", path: ["dailyCap"], message: "Enter a daily cap" });
    }
    if (kind === "xp" && input.dailyCap != null && input.dailyCap > REWARD_XP_CAP_MAX) {
      context.addIssue({
        code: "custom",
        path: ["dailyCap"],
        message: `At most ${REWARD_XP_CAP_MAX.toLocaleString("en-US")} XP a day`,
      });
    }
  });

/**
 * A proposed change to a rule, to preview what it would have granted last week: exactly what
 * `updateRewardRuleInput` accepts, so that a previewed change can be saved as it stands.
 * @alias
 */
export const previewRewardRuleInput = updateRewardRuleInput;

export const createBadgeInput = z
  .object({
    key: z
      .string()
      .trim()
      .toLowerCase()
      .min(3, "At least 3 characters")
      .max(BADGE_KEY_MAX_LENGTH, `At most ${BADGE_KEY_MAX_LENGTH} characters`)
      .regex(BADGE_KEY_PATTERN, "Lowercase letters and digits, words joined by hyphens"),
    name: z
      .string()
      .trim()
      .min(2, "Give the badge a name")
      .max(BADGE_NAME_MAX_LENGTH, `At most ${BADGE_NAME_MAX_LENGTH} characters`)
      .refine(noControlCharacters, "Use letters, digits, spaces and punctuation"),
    description: z
      .string()
      .trim()
      .max(BADGE_DESCRIPTION_MAX_LENGTH, `At most ${BADGE_DESCRIPTION_MAX_LENGTH} characters`)
      .refine(noControlCharacters, "Use letters, digits, spaces and punctuation")
      .default(""),
    measure: z.enum(BADGE_MEASURES, "Choose what the badge counts"),
    thresholds: z
      .array(
        z
          .number({ error: "Enter a number" })
          .int("A whole number")
          .min(1, "At least 1")
          .max(BADGE_THRESHOLD_MAX, `At most ${BADGE_THRESHOLD_MAX.toLocaleString("en-US")}`),
      )
      .min(1, "At least one tier")
      .max(BADGE_TIERS_MAX, `At most ${BADGE_TIERS_MAX} tiers`)
      .refine(
        (thresholds) =>
          thresholds.every((value, index) => index === 0 || value > (thresholds[index - 1] ?? 0)),
        "Each tier needs more than the one before",
      ),
    icon: z.enum(BADGE_ICONS, "Choose an icon"),
  })
  .strict();

export const listRewardGrantsInput = z
  .object({
    cursor: z.string().max(100, "Not a valid page").nullish(),
    limit: z.number().int().min(1).max(REWARD_GRANTS_PAGE_MAX).default(50),
    userId: z.uuid("Not a valid person").optional(),
    status: z.enum(["active", "revoked"]).optional(),
  })
  .strict()
  .default({ limit: 50 });

export const revokeRewardGrantInput = z
  .object({
    grantId: z.uuid("Not a valid grant"),
    reason: z
      .string()
      .trim()
      .min(3, "Say why, in a few words")
      .max(REWARD_GRANT_REASON_MAX_LENGTH, `At most ${REWARD_GRANT_REASON_MAX_LENGTH} characters`)
      .refine(
        (text) => noControlCharacters(text.replace(/[\n\r\t]/g, "")),
        "Use letters, digits, spaces and punctuation",
      ),
  })
  .strict();

export const setLeaderboardOptOutInput = z
  .object({
    /** True: left out of every board and of what others see of league groups; XP is still earned. */
    optedOut: z.boolean(),
  })
  .strict();
