// What the catalogue's functions accept: zod schemas that the server validates with and forms
// reuse. Each update takes `{ id, data: { … } }` with only the fields it changes.
import { z } from "zod";
import { AGE_CHOICES } from "./constants.ts";
import {
  ACCESS_TYPES,
  CONTENT_PAGE_LIMIT,
  CONTENT_SORTS,
  CONTENT_TYPES,
  CURATED_LIST_TYPES,
  MARK_COLORS,
  MARK_KINDS,
  PUBLICATION_STATUSES,
  READING_DIRECTIONS,
  RELEASE_STATUSES,
  WRITING_MODES,
} from "./content.ts";
import { invisibleTextMessage, isVisibleText, visibleString } from "./visible-text.ts";

const ageRatingSchema = z.union(
  AGE_CHOICES.map((age) => z.literal(age)) as [z.ZodLiteral<13>, z.ZodLiteral<16>, z.ZodLiteral<18>],
  { error: "Age rating must be 13, 16 or 18" },
);
const idSchema = z.uuid("Not a valid id");
/** Genres and tags are kept lowercase, trimmed and without repeats. */
const labelListSchema = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .refine(isVisibleText, invisibleTextMessage("A label"))
      .min(1, "A label cannot be empty")
      .max(40, "A label is at most 40 characters"),
  )
  .max(20, "At most 20")
  .transform((labels) => [...new Set(labels)]);
const cursorSchema = z.string().max(200, "Not a valid page marker").nullish();
/** Sent by tRPC's infinite queries; pages only go forward. */
const directionSchema = z.enum(["forward", "backward"], "Pages go forward or backward").optional();
const pageLimitSchema = z
  .number()
  .int("A page holds a whole number of titles")
  .min(1, "A page holds at least 1 title")
  .max(CONTENT_PAGE_LIMIT, `A page holds at most ${CONTENT_PAGE_LIMIT} titles`)
  .default(24);

export const listContentInput = z
  .object({
    /** Words to search for in title, author, description and tags. */
    query: z.string().trim().max(200, "A search is at most 200 characters").optional(),
    type: z.enum(CONTENT_TYPES, "Not a kind of title").optional(),
    genre: z.string().trim().toLowerCase().max(40, "A genre is at most 40 characters").optional(),
    releaseStatus: z.enum(RELEASE_STATUSES).optional(),
    accessType: z.enum(ACCESS_TYPES).optional(),
    /** Only titles rated exactly this. */
    ageRating: ageRatingSchema.optional(),
    sort: z.enum(CONTENT_SORTS).default("popular"),
    cursor: cursorSchema,
    direction: directionSchema,
    limit: pageLimitSchema,
  })
  .strict();
export type ListContentInput = z.input<typeof listContentInput>;

export const contentIdInput = z.object({ contentId: idSchema }).strict();

export const listGenresInput = z.object({ type: z.enum(CONTENT_TYPES).optional() }).strict();
export const getEpisodeInput = z
  .object({
    contentId: idSchema,
    number: z.number().int().min(1).max(100_000),
    /** Fetched ahead of the reader (the next episode): not a view until they read in it. */
    isPrefetch: z.boolean().optional(),
  })
  .strict();

export const rateContentInput = z
  .object({ contentId: idSchema, rating: z.number().int().min(1, "1 to 5 stars").max(5, "1 to 5 stars") })
  .strict();

/** A place in an episode, in the terms of the episode's reader: kept as given, at most 2 KB. */
export const locatorSchema = z.record(
  z.string().max(40),
  z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]),
);

export const recordProgressInput = z
  .object({
    episodeId: idSchema,
    /** How far, 0 to 1. */
    fraction: z.number().min(0).max(1),
    locator: locatorSchema.optional(),
    isCompleted: z.boolean().optional(),
    /** The tab that moved, so that it does not follow its own moves when they come back live. */
    clientId: z.string().trim().min(1).max(64).optional(),
    /**
     * When the reader was there (progress recorded offline arrives later): a position older than
     * the one kept is ignored.
     */
    recordedAt: z.iso.datetime({ offset: true }).optional(),
    /**
     * Seconds spent actively in this episode since this tab's last report (reading while the page
     * is shown and moving, playing with sound), for the time a profile shows.
     */
    activeSeconds: z.number().int().min(0).max(3_600).optional(),
  })
  .strict();

export const addMarkInput = z
  .object({
    episodeId: idSchema,
    kind: z.enum(MARK_KINDS),
    locator: locatorSchema,
    /** The highlighted text, or the words at a bookmark. */
    quote: z.string().trim().max(1000, "A quote is at most 1,000 characters").optional(),
    note: z.string().trim().max(2000, "Notes are at most 2,000 characters").optional(),
    color: z.enum(MARK_COLORS).optional(),
  })
  .strict();

export const updateMarkInput = z
  .object({
    markId: idSchema,
    note: z.string().trim().max(2000, "Notes are at most 2,000 characters").nullable().optional(),
    color: z.enum(MARK_COLORS).nullable().optional(),
  })
  .strict();

export const markIdInput = z.object({ markId: idSchema }).strict();

export const searchBookInput = z
  .object({
    contentId: idSchema,
    query: z
      .string()
      .trim()
      .min(2, "Type at least 2 characters")
      .max(100, "A search is at most 100 characters"),
  })
  .strict();

/** A title's fields without defaults, so that a partial update leaves out what it does not name. */
const contentFields = z.object({
  contentType: z.enum(CONTENT_TYPES),
  title: visibleString("A title").min(1, "A title is needed").max(200, "A title is at most 200 characters"),
  author: visibleString("An author's name")
    .min(1, "An author is needed")
    .max(200, "An author's name is at most 200 characters"),
  description: z.string().trim().max(5000, "A description is at most 5,000 characters"),
  genres: labelListSchema,
  tags: labelListSchema,
  language: z
    .string()
    .trim()
    .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, "A language code such as en or pt-BR")
    .nullable(),
  ageRating: ageRatingSchema,
  accessType: z.enum(ACCESS_TYPES),
  releaseStatus: z.enum(RELEASE_STATUSES),
  releaseSchedule: z.string().trim().max(120, "A release schedule is at most 120 characters").nullable(),
  readingDirection: z.enum(READING_DIRECTIONS),
  writingMode: z.enum(WRITING_MODES),
  status: z.enum(PUBLICATION_STATUSES),
});

export const contentFieldsInput = contentFields
  .extend({
    description: contentFields.shape.description.default(""),
    genres: contentFields.shape.genres.default([]),
    tags: contentFields.shape.tags.default([]),
    language: contentFields.shape.language.default(null),
    ageRating: contentFields.shape.ageRating.default(13),
    accessType: contentFields.shape.accessType.default("free"),
    releaseStatus: contentFields.shape.releaseStatus.default("ongoing"),
    releaseSchedule: contentFields.shape.releaseSchedule.default(null),
    readingDirection: contentFields.shape.readingDirection.default("ltr"),
    writingMode: contentFields.shape.writingMode.default("horizontal"),
    status: contentFields.shape.status.default("draft"),
  })
  .strict();
export type ContentFieldsInput = z.input<typeof contentFieldsInput>;

export const createContentInput = z.object({ data: contentFieldsInput }).strict();

const timerHoursSchema = (what: string) =>
  z
    .number({ error: `${what} must be a number of hours` })
    .int("Whole hours only")
    .min(1, `${what}: 1 to 720 hours`)
    .max(720, `${what}: 1 to 720 hours`);

/** How a title's priced episodes can be opened besides coins one by one (see the unlock ladder). */
const monetizationFields = z.object({
  /** "Unlock all remaining" costs the sum of the prices less this percentage. */
  bulkDiscountPercent: z
    .number({ error: "A percentage is needed" })
    .int("Whole percent only")
    .min(0, "0 to 90 %")
    .max(90, "0 to 90 %"),
  /** Null: no wait-for-free timer. */
  waitForFreeHours: timerHoursSchema("Wait for free").nullable(),
  /** Both or neither: renting an episode for this many coins and hours. */
  rentalPriceCoins: z
    .number({ error: "A rental price is needed" })
    .int("Whole coins only")
    .min(1, "A rental costs at least 1 coin")
    .max(10_000, "At most 10,000 coins")
    .nullable(),
  rentalHours: timerHoursSchema("Rental").nullable(),
});

/** A partial update names both rental fields or neither, and sets both or clears both. */
function isRentalPair(value: { rentalPriceCoins?: number | null; rentalHours?: number | null }): boolean {
  const hasPrice = value.rentalPriceCoins !== undefined;
  const hasHours = value.rentalHours !== undefined;
  if (hasPrice !== hasHours) return false;
  return !hasPrice || (value.rentalPriceCoins === null) === (value.rentalHours === null);
}

export const updateContentInput = z
  .object({
    id: idSchema,
    data: contentFields
      .omit({ contentType: true })
      .extend(monetizationFields.shape)
      .partial()
      .strict()
      .refine((value) => Object.keys(value).length > 0, "Nothing to update")
      .refine(isRentalPair, {
        message: "Set both the rental price and the rental hours, or neither",
        path: ["rentalHours"],
      }),
  })
  .strict();
export const idInput = z.object({ id: idSchema }).strict();

export const adminListContentInput = z
  .object({
    query: z.string().trim().max(200, "A search is at most 200 characters").optional(),
    type: z.enum(CONTENT_TYPES, "Not a kind of title").optional(),
    status: z.enum(PUBLICATION_STATUSES, "Not a publication status").optional(),
    cursor: cursorSchema,
    direction: directionSchema,
    limit: pageLimitSchema,
  })
  .strict();

export const setCoverInput = z.object({ contentId: idSchema, uploadId: idSchema }).strict();

export const updateEpisodeInput = z
  .object({
    id: idSchema,
    data: z
      .object({
        title: visibleString("A title")
          .min(1, "A title is needed")
          .max(200, "A title is at most 200 characters"),
        /** Null unpublishes; a future time schedules. */
        publishAt: z.iso.datetime({ offset: true }).nullable(),
        priceCoins: z
          .number()
          .int("A price is in whole coins")
          .min(0, "A price cannot be negative")
          .max(10_000, "A price is at most 10,000 coins"),
      })
      .partial()
      .strict()
      .refine((value) => Object.keys(value).length > 0, "Nothing to update"),
  })
  .strict();

export const reorderEpisodesInput = z
  .object({ contentId: idSchema, episodeIds: z.array(idSchema).min(1).max(5_000) })
  .strict();

export const scheduleEpisodesInput = z
  .object({
    contentId: idSchema,
    episodeIds: z.array(idSchema).min(1).max(5_000),
    /** The first of them comes out then, … */
    startAt: z.iso.datetime({ offset: true }),
    /** … and each next one this many hours later (0: all at once). */
    intervalHours: z
      .number()
      .int()
      .min(0)
      .max(24 * 365),
  })
  .strict();

export const setEpisodePricesInput = z
  .object({
    contentId: idSchema,
    episodeIds: z.array(idSchema).min(1).max(5_000),
    priceCoins: z.number().int().min(0).max(10_000),
  })
  .strict();

const curatedListFields = z.object({
  listType: z.enum(CURATED_LIST_TYPES),
  customName: visibleString("A list's name").max(80, "A list's name is at most 80 characters").nullable(),
  description: z.string().trim().max(300, "A description is at most 300 characters").nullable(),
  contentType: z.enum(["all", ...CONTENT_TYPES]),
  isActive: z.boolean(),
});

export const createCuratedListInput = z
  .object({
    data: curatedListFields
      .extend({
        customName: curatedListFields.shape.customName.default(null),
        description: curatedListFields.shape.description.default(null),
        contentType: curatedListFields.shape.contentType.default("all"),
        isActive: curatedListFields.shape.isActive.default(true),
      })
      .strict()
      .refine((value) => value.listType !== "custom" || Boolean(value.customName), {
        message: "A custom list needs a name",
        path: ["customName"],
      }),
  })
  .strict();
export const updateCuratedListInput = z
  .object({
    id: idSchema,
    data: curatedListFields
      .partial()
      .strict()
      .refine((value) => Object.keys(value).length > 0, "Nothing to update"),
  })
  .strict();
export const reorderCuratedListsInput = z.object({ listIds: z.array(idSchema).min(1).max(200) }).strict();
export const setCuratedListItemsInput = z
  .object({ id: idSchema, contentIds: z.array(idSchema).max(100) })
  .strict();

/** A range of whole days (UTC, inclusive), at most a year long. */
function checkDayRange(value: { from: string; to: string }, context: z.RefinementCtx): void {
  if (value.from > value.to) {
    context.addIssue({ code: "custom", message: "The range ends before it starts", path: ["to"] });
  } else if (Date.parse(value.to) - Date.parse(value.from) > 366 * 86_400_000) {
    context.addIssue({ code: "custom", message: "At most a year at a time", path: ["from"] });
  }
}
const daySchema = z.iso.date("A day as YYYY-MM-DD");

export const metricsOverviewInput = z
  .object({ from: daySchema, to: daySchema, contentType: z.enum(CONTENT_TYPES).optional() })
  .strict()
  .superRefine(checkDayRange);
export const contentMetricsInput = z
  .object({ contentId: idSchema, from: daySchema, to: daySchema })
  .strict()
  .superRefine(checkDayRange);
