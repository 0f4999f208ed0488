// What the interactive story functions accept. The scenes and stats inside are the story model's
// own schemas, so the editor, the importer and the server check a scene the same way.
import { z } from "zod";
import { AGE_CHOICES } from "./constants.ts";
import { revenueAnalyticsInput } from "./revenue-inputs.ts";
import {
  STORY_ID_PATTERN,
  STORY_LIMITS,
  STORY_SAVE_SLOTS,
  STORY_STATUSES,
  storySceneSchema,
  storyStatSchema,
} from "./stories/story-model.ts";
import { STORY_EXPORT_FORMATS } from "./stories.ts";
import { invisibleTextMessage, isVisibleText, visibleString } from "./visible-text.ts";

const storyId = z.uuid("Not a valid story");
const presetId = z.uuid("Not a valid stat preset");
const uploadId = z.uuid("Not a valid upload");
const localId = (what: string) => z.string().regex(STORY_ID_PATTERN, `Not a valid ${what} id`);

/** Line breaks and tabs are fine in longer text; other control characters are not. */
const noControlCharacters = (text: string) => !/\p{Cc}/u.test(text.replace(/[\n\r\t]/g, ""));

const titleSchema = visibleString("A title")
  .min(1, "Give the story a title")
  .max(STORY_LIMITS.maxTitleLength, `A title is at most ${STORY_LIMITS.maxTitleLength} characters`);
const descriptionSchema = z
  .string()
  .trim()
  .max(
    STORY_LIMITS.maxDescriptionLength,
    `A description is at most ${STORY_LIMITS.maxDescriptionLength.toLocaleString("en-US")} characters`,
  )
  .refine(noControlCharacters, "Use letters, digits, spaces and punctuation");
const genreSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine(isVisibleText, invisibleTextMessage("A genre"))
  .min(1, "Name the genre, or leave it empty")
  .max(40, "A genre is at most 40 characters");
const ageRatingSchema = z.union(
  AGE_CHOICES.map((age) => z.literal(age)) as [z.ZodLiteral<13>, z.ZodLiteral<16>, z.ZodLiteral<18>],
  { error: "Age rating must be 13, 16 or 18" },
);

/**
 * A story's (or a preset's) stats: unique names, bounds in order, start values of the right kind
 * within the bounds, at most STORY_LIMITS.maxStats. Each problem is reported on the field to fix
 * (`stats.2.name`, `stats.0.max`, `stats.1.default`), so forms show it beside that field.
 */
export const storyStatsSchema = z
  .array(storyStatSchema)
  .max(STORY_LIMITS.maxStats, `At most ${STORY_LIMITS.maxStats} stats`)
  .superRefine((stats, context) => {
    const seen = new Set<string>();
    stats.forEach((stat, index) => {
      const issue = (field: string, message: string) =>
        context.addIssue({ code: "custom", message, path: [index, field] });
      if (seen.has(stat.name)) issue("name", `Another stat is already named “${stat.name}”`);
      seen.add(stat.name);
      if (stat.kind === "boolean") {
        if (typeof stat.default !== "boolean") issue("default", "A true/false stat starts as true or false");
        if (stat.min !== null) issue("min", "A true/false stat has no minimum");
        if (stat.max !== null) issue("max", "A true/false stat has no maximum");
        return;
      }
      if (typeof stat.default !== "number") {
        issue("default", "A number stat starts at a number");
        return;
      }
      if (stat.min !== null && stat.max !== null && stat.min > stat.max) {
        issue("max", "The maximum is below the minimum");
      } else if (stat.min !== null && stat.default < stat.min) {
        issue("default", `The start value is below the minimum (${stat.min})`);
      } else if (stat.max !== null && stat.default > stat.max) {
        issue("default", `The start value is above the maximum (${stat.max})`);
      }
    });
  });

// ---- Readers ---------------------------------------------------------------------------------

export const listStoriesInput = z
  .object({
    /** Words of the title or description. */
    search: z.string().trim().max(200, "A search is at most 200 characters").optional(),
    genre: z.string().trim().toLowerCase().max(40, "A genre is at most 40 characters").optional(),
    cursor: z.string().max(200, "Not a valid page marker").nullish(),
  })
  .strict()
  .default({});

export const storyIdInput = z.object({ storyId }).strict();

export const chooseChoiceInput = z
  .object({
    storyId,
    playId: z.uuid("Not a valid play"),
    /** The scene the reader saw the choice in: a stale one is refused. */
    sceneId: localId("scene"),
    choiceId: localId("choice"),
    /** For a priced choice not paid yet: the price the reader agreed to. */
    expectedPriceCoins: z
      .number()
      .int("A price is in whole coins")
      .min(0, "A price cannot be negative")
      .max(STORY_LIMITS.maxChoicePrice, `A choice costs at most ${STORY_LIMITS.maxChoicePrice} coins`)
      .optional(),
  })
  .strict();

const slotSchema = z
  .number()
  .int()
  .min(1, `A save slot is 1 to ${STORY_SAVE_SLOTS}`)
  .max(STORY_SAVE_SLOTS, `A save slot is 1 to ${STORY_SAVE_SLOTS}`);
export const storySlotInput = z.object({ storyId, slot: slotSchema }).strict();

export const rateStoryInput = z
  .object({ storyId, score: z.number().int().min(1, "From 1 to 5").max(5, "From 1 to 5") })
  .strict();

// ---- Administrators --------------------------------------------------------------------------

export const adminListStoriesInput = z
  .object({ status: z.enum(STORY_STATUSES, "Not a story status").optional() })
  .strict()
  .default({});

export const createStoryInput = z.object({ title: titleSchema, statPresetId: presetId.nullish() }).strict();

export const saveStoryDraftInput = z
  .object({
    storyId,
    /** The revision the editor's copy is based on. */
    baseRevision: z.number().int("Not a valid revision").min(0, "Not a valid revision"),
    /** New or changed scenes, whole. */
    upsertScenes: z
      .array(storySceneSchema)
      .max(STORY_LIMITS.maxScenesPerSave, `At most ${STORY_LIMITS.maxScenesPerSave} scenes a save`)
      .default([]),
    deleteSceneIds: z
      .array(localId("scene"))
      .max(STORY_LIMITS.maxScenesPerSave, `At most ${STORY_LIMITS.maxScenesPerSave} scenes a save`)
      .default([]),
    /** The scene plays start at; null while none is chosen. */
    startSceneId: localId("scene").nullable().optional(),
    /** The story's own stats (besides its preset's), whole. */
    ownStats: storyStatsSchema.optional(),
  })
  .strict()
  .superRefine((input, context) => {
    const ids = new Set<string>();
    input.upsertScenes.forEach((scene, index) => {
      if (ids.has(scene.id)) {
        context.addIssue({
          code: "custom",
          message: `Scene “${scene.id}” is sent twice`,
          path: ["upsertScenes", index, "id"],
        });
      }
      ids.add(scene.id);
    });
    input.deleteSceneIds.forEach((id, index) => {
      if (ids.has(id)) {
        context.addIssue({
          code: "custom",
          message: `Scene “${id}” is both changed and removed`,
          path: ["deleteSceneIds", index],
        });
      }
    });
  });

export const storyDetailsFields = z
  .object({
    title: titleSchema,
    description: descriptionSchema,
    /** null: no genre. */
    genre: genreSchema.nullable(),
    ageRating: ageRatingSchema,
    /** An uploaded picture (POST /api/uploads first); null removes the cover. */
    coverUploadId: uploadId.nullable(),
    /** null: no preset. */
    statPresetId: presetId.nullable(),
  })
  .strict();

export const updateStoryDetailsInput = z
  .object({
    id: storyId,
    data: storyDetailsFields.partial().refine((value) => Object.keys(value).length > 0, "Nothing to change"),
  })
  .strict();

export const uploadSceneImageInput = z.object({ storyId, uploadId }).strict();

export const importTwineInput = z.object({ uploadId }).strict();

export const exportStoryInput = z
  .object({ storyId, format: z.enum(STORY_EXPORT_FORMATS, "Choose twee or html") })
  .strict();

/** Whole UTC days, both included, at most a year. */
export const storiesDashboardInput = revenueAnalyticsInput;

const presetFields = z
  .object({
    name: visibleString("A preset's name")
      .min(1, "Name the preset")
      .max(80, "A preset's name is at most 80 characters"),
    description: descriptionSchema,
    stats: storyStatsSchema,
  })
  .strict();

export const createStatPresetInput = presetFields.extend({ description: descriptionSchema.default("") });

export const updateStatPresetInput = z
  .object({
    id: presetId,
    data: presetFields.partial().refine((value) => Object.keys(value).length > 0, "Nothing to change"),
  })
  .strict();

export const statPresetIdInput = z.object({ id: presetId }).strict();
