// The interactive story as the editor, the server and the player all see it: scenes with choices,
// the stats those choices test and change, and the limits that keep one story's size in bounds.
// Conditions and effects are kept as the author typed them and parsed with story-expressions.ts
// wherever they are used, so the editor can show exactly what was written next to its error.
import { z } from "zod";
import { MAX_EXPRESSION_LENGTH, MAX_NAME_LENGTH } from "./story-expressions.ts";

export const STORY_STATUSES = ["draft", "published", "archived"] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];

export const STORY_LIMITS = {
  maxScenes: 5_000,
  maxChoicesPerScene: 12,
  maxEffectsPerItem: 12,
  maxStats: 40,
  maxTitleLength: 120,
  maxSceneTitleLength: 120,
  maxSceneTextLength: 20_000,
  maxChoiceLabelLength: 200,
  maxEndingNameLength: 80,
  maxStatLabelLength: 60,
  maxDescriptionLength: 2_000,
  /** The most coins one premium choice may cost. */
  maxChoicePrice: 10_000,
  /** Absolute bound on stat values and bounds, so sums stay exact in doubles and in SQL. */
  maxStatMagnitude: 1_000_000_000,
  /** Scenes changed or removed in one autosave. */
  maxScenesPerSave: 500,
} as const;

/** Save slots a reader has per story, besides the autosave. */
export const STORY_SAVE_SLOTS = 3;
/** "X% of readers chose this" appears once at least this many readers have passed the scene. */
export const CHOICE_SHARE_MIN_READERS = 20;

/** Scene and choice ids: short, URL-safe, chosen by the editor (or the importer) and stable. */
export const STORY_ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
/** Stat names are names in the expression grammar. */
export const STAT_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Tabs and line breaks are text; other control characters are not. */
const noControlCharacters = (text: string) => !/[^\P{Cc}\t\n\r]/u.test(text);
const plainText = (max: number, what: string) =>
  z
    .string()
    .max(max, `${what} can be at most ${max.toLocaleString("en-US")} characters`)
    .refine(noControlCharacters, `${what} has characters that cannot be shown`);
const localId = (what: string) => z.string().regex(STORY_ID_PATTERN, `Not a valid ${what} id`);
const expressionText = plainText(MAX_EXPRESSION_LENGTH, "An expression");
const statNumber = z.number().finite().min(-STORY_LIMITS.maxStatMagnitude).max(STORY_LIMITS.maxStatMagnitude);

export const storyStatSchema = z
  .object({
    /** The name conditions and effects use: `courage`, `met_dragon`. */
    name: z
      .string()
      .max(MAX_NAME_LENGTH, `A stat name can be at most ${MAX_NAME_LENGTH} characters`)
      .regex(STAT_NAME_PATTERN, "A stat name is letters, digits and _, not starting with a digit"),
    /** What readers see in the stats panel: "Courage". */
    label: plainText(STORY_LIMITS.maxStatLabelLength, "A stat label").min(1, "Give the stat a label"),
    kind: z.enum(["number", "boolean"]),
    /** Numbers only; null means no bound. */
    min: statNumber.nullable(),
    max: statNumber.nullable(),
    default: z.union([statNumber, z.boolean()]),
    /** Hidden stats still drive conditions but are not shown in the stats panel. */
    visible: z.boolean(),
  })
  .strict();
export type StoryStat = z.infer<typeof storyStatSchema>;

export const storyChoiceSchema = z
  .object({
    id: localId("choice"),
    label: plainText(STORY_LIMITS.maxChoiceLabelLength, "A choice").min(1, "A choice needs words"),
    /** The scene this choice leads to; null while the author has not connected it. */
    target: localId("scene").nullable(),
    /** Shown and open only when true; null when always open. */
    condition: expressionText.nullable(),
    /** Applied in order when the choice is taken: `gold += 5`, `toggle met_dragon`. */
    effects: z.array(expressionText).max(STORY_LIMITS.maxEffectsPerItem),
    /** Coins a reader pays once to take this choice in this story; 0 is free. */
    priceCoins: z.number().int().min(0).max(STORY_LIMITS.maxChoicePrice),
  })
  .strict();
export type StoryChoice = z.infer<typeof storyChoiceSchema>;

export const storySceneSchema = z
  .object({
    id: localId("scene"),
    /** The author's name for the scene (Twine's passage name); readers do not see it. */
    title: plainText(STORY_LIMITS.maxSceneTitleLength, "A scene title"),
    /**
     * What the reader reads. Simple formatting only: paragraphs separated by blank lines,
     * `**bold**` and `*italic*`; never HTML (it is shown as text).
     */
    text: plainText(STORY_LIMITS.maxSceneTextLength, "A scene's text"),
    /** An uploaded picture (a media URL the server gave), or null. */
    image: z.string().max(500).nullable(),
    /** Where the scene sits on the editor's map. */
    position: z.object({ x: z.number().finite(), y: z.number().finite() }).strict(),
    /** Applied when a reader arrives at the scene, before its choices are offered. */
    effects: z.array(expressionText).max(STORY_LIMITS.maxEffectsPerItem),
    /** An ending has a name readers collect; an ending offers no choices. */
    ending: z
      .object({ name: plainText(STORY_LIMITS.maxEndingNameLength, "An ending's name").min(1) })
      .strict()
      .nullable(),
    choices: z.array(storyChoiceSchema).max(STORY_LIMITS.maxChoicesPerScene),
    /** What an import could not translate, kept for the author to see; empty otherwise. */
    warnings: z.array(z.string().max(500)).max(50),
  })
  .strict();
export type StoryScene = z.infer<typeof storySceneSchema>;

/** Everything about a story that is versioned: what a published version freezes. */
export interface StoryDocument {
  title: string;
  /** The scene a new play starts at; null until the author picks one. */
  startSceneId: string | null;
  /** The story's effective stats: its preset's, then its own. */
  stats: StoryStat[];
  scenes: StoryScene[];
}
