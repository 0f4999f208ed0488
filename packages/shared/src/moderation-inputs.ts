// What the moderation functions accept.
import { z } from "zod";
import {
  COMMUNITY_RULES,
  HIDE_AUDIENCES,
  MODERATION_ACTIONS,
  MODERATION_ITEM_STATES,
  MODERATION_KINDS,
  REPORT_CATEGORIES,
  REPORT_DETAILS_MAX_LENGTH,
} from "./moderation.ts";
import { visibleString } from "./visible-text.ts";

/** Line breaks and tabs are fine in longer text; other control characters are not. */
const noControlCharacters = (text: string) => !/\p{Cc}/u.test(text.replace(/[\n\r\t]/g, ""));
const longText = (what: string, max: number) =>
  z
    .string(`${what} is required`)
    .trim()
    .max(max, `${what} is at most ${max.toLocaleString("en")} characters`)
    .refine(noControlCharacters, "Use letters, digits, spaces and punctuation");

export const DECISION_EXPLANATION_MAX_LENGTH = 2_000;
export const NOTICE_EXPLANATION_MAX_LENGTH = 5_000;
export const MAX_SUSPENSION_DAYS = 365;

const itemId = z.uuid("Not a valid item");
const cursor = z.string().max(200).nullish();

export const reportInput = z
  .object({
    kind: z.enum(MODERATION_KINDS, "Choose what you are reporting"),
    id: z.string().trim().min(1, "Choose what you are reporting").max(100, "Not a valid item"),
    category: z.enum(REPORT_CATEGORIES, "Choose what is wrong"),
    details: longText("Details", REPORT_DETAILS_MAX_LENGTH).default(""),
  })
  .strict();

export const pageInput = z.object({ cursor }).strict();

export const appealInput = z
  .object({
    decisionId: z.uuid("Not a valid decision"),
    explanation: longText("An explanation", DECISION_EXPLANATION_MAX_LENGTH).pipe(
      z.string().min(10, "Say in a few words why the decision is wrong"),
    ),
  })
  .strict();

const appealKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, "Not a valid appeal link");

/** The decision behind an appeal link, for an author who cannot sign in. */
export const appealKeyInput = z.object({ key: appealKey }).strict();

export const appealByKeyInput = z
  .object({
    key: appealKey,
    explanation: longText("An explanation", DECISION_EXPLANATION_MAX_LENGTH).pipe(
      z.string().min(10, "Say in a few words why the decision is wrong"),
    ),
  })
  .strict();

export const noticeInput = z
  .object({
    url: z
      .url({ protocol: /^https?$/, error: "Give the exact address of the content, starting with https://" })
      .max(2_000, "An address is at most 2,000 characters"),
    explanation: longText("An explanation", NOTICE_EXPLANATION_MAX_LENGTH).pipe(
      z.string().min(20, "Explain in a few sentences why the content is illegal"),
    ),
    legalGround: visibleString("The law or ground")
      .min(3, "Name the law or ground")
      .max(300, "The law or ground is at most 300 characters"),
    name: visibleString("Your name").min(1, "Give your name").max(200, "A name is at most 200 characters"),
    email: z
      .email("Give an email address we can answer")
      .max(320, "An email address is at most 320 characters"),
    goodFaith: z.literal(true, "Confirm that the notice is accurate and complete, in good faith"),
  })
  .strict();

export const noticeReferenceInput = z
  .object({
    reference: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{16,64}$/, "Not a valid reference"),
  })
  .strict();

export const queueInput = z
  .object({
    kind: z.enum(MODERATION_KINDS, "Not a kind of item").nullish(),
    category: z.enum(REPORT_CATEGORIES, "Not a category").nullish(),
    /** Waiting for a decision, decided, with an appeal waiting, or all. */
    state: z.enum([...MODERATION_ITEM_STATES, "appealed", "all"], "Not a state").default("pending"),
    assignee: z.enum(["anyone", "me", "unclaimed"], "Not a choice of assignee").default("anyone"),
    cursor,
  })
  .strict();

export const itemInput = z.object({ itemId }).strict();

export const noteInput = z
  .object({
    itemId,
    body: longText("A note", 2_000).pipe(z.string().min(1, "Write a note")),
  })
  .strict();

export const decideInput = z
  .object({
    itemId,
    action: z.enum(MODERATION_ACTIONS, "Choose a decision"),
    /** For hide: from whom. */
    audience: z.enum(HIDE_AUDIENCES, "Choose whom it is hidden from").nullish(),
    /** Every decision but a dismissal names the rule broken. */
    rule: z.enum(COMMUNITY_RULES, "Choose the rule that was broken").nullish(),
    /** Required when the rule is illegal content. */
    legalGround: z.string().trim().max(300, "The legal ground is at most 300 characters").nullish(),
    explanation: longText("An explanation", DECISION_EXPLANATION_MAX_LENGTH),
    /** For suspend: how long. */
    suspendDays: z
      .number()
      .int("Whole days")
      .min(1, "At least a day")
      .max(MAX_SUSPENSION_DAYS, `At most ${MAX_SUSPENSION_DAYS} days`)
      .nullish(),
  })
  .strict()
  .superRefine((input, context) => {
    const problem = (path: string, message: string) =>
      context.addIssue({ code: "custom", path: [path], message });
    if (input.action !== "dismiss" && !input.rule) problem("rule", "Choose the rule that was broken");
    if (input.rule === "illegal_content" && !input.legalGround) {
      problem("legalGround", "Name the law the content breaks");
    }
    if (input.action === "hide" && !input.audience) problem("audience", "Choose whom it is hidden from");
    if (input.action === "suspend" && !input.suspendDays) problem("suspendDays", "Choose how many days");
    if (input.action !== "dismiss" && input.explanation.length < 10) {
      problem("explanation", "Tell the author why, in a sentence or two");
    }
  });

export const decideAppealInput = z
  .object({
    appealId: z.uuid("Not a valid appeal"),
    outcome: z.enum(["upheld", "rejected"], "Choose whether the appeal is upheld"),
    reply: longText("A reply", DECISION_EXPLANATION_MAX_LENGTH).pipe(
      z.string().min(10, "Give the author your reasons"),
    ),
  })
  .strict();

export const thresholdsInput = z
  .object({
    thresholds: z.partialRecord(
      z.enum(REPORT_CATEGORIES, "Not a category"),
      z.number().min(1, "At least 1").max(1_000, "At most 1,000"),
    ),
  })
  .strict();

export const periodInput = z
  .object({
    from: z.iso.date("A date is written YYYY-MM-DD"),
    to: z.iso.date("A date is written YYYY-MM-DD"),
  })
  .strict()
  .refine((period) => period.from <= period.to, {
    message: "The period ends before it begins",
    path: ["to"],
  });
