// The composer's values and what they become: the issue to save, checked with the shared schema
// first so that each field shows its own message before anything is sent; the part of it the
// preview can show while the rest is still being written; and the audience, once it is complete.
import type {
  NewsletterBlock,
  NewsletterBlockType,
  NewsletterIssue,
  NewsletterSegment,
  NewsletterSegmentKind,
  NewsletterTitleOption,
} from "@litverse/shared/mail";
import {
  newsletterBlockInput,
  newsletterSegmentInput,
  previewIssueInput,
  saveIssueInput,
} from "@litverse/shared/mail-inputs";
import type { z } from "zod";

/** One block as the form edits it: a key of its own (blocks move), fields as typed. */
export type BlockValue = { key: string } & (
  | { type: "heading"; text: string }
  | { type: "text"; text: string }
  | {
      type: "picture";
      /** What the server stored (`newsletter-images/…`), an upload not yet saved (`upload:…`), or "". */
      pictureKey: string;
      alt: string;
      link: string;
      /** The chosen file, shown until the saved picture can be. */
      localUrl: string | null;
    }
  | {
      type: "title";
      titleId: string;
      /** Its name and cover, when known (picked here); a saved issue holds the id alone. */
      title: NewsletterTitleOption | null;
    }
  | { type: "button"; label: string; url: string }
);

/** The audience as the form edits it: every kind's field kept, so switching back loses nothing. */
export interface SegmentValues {
  kind: NewsletterSegmentKind;
  genre: string;
  titleId: string;
  title: NewsletterTitleOption | null;
  episodeNumber: string;
  days: string;
  planId: string;
  coins: string;
}

export interface ComposerValues {
  subject: string;
  preheader: string;
  blocks: BlockValue[];
  segment: SegmentValues;
}

export type FormErrors = Record<string, string[]>;

let lastKey = 0;
const nextKey = () => `block-${++lastKey}`;

export function newBlock(type: NewsletterBlockType): BlockValue {
  const key = nextKey();
  switch (type) {
    case "heading":
      return { key, type, text: "" };
    case "text":
      return { key, type, text: "" };
    case "picture":
      return { key, type, pictureKey: "", alt: "", link: "", localUrl: null };
    case "title":
      return { key, type, titleId: "", title: null };
    case "button":
      return { key, type, label: "", url: "" };
  }
}

const EMPTY_SEGMENT: SegmentValues = {
  kind: "everyone",
  genre: "",
  titleId: "",
  title: null,
  episodeNumber: "1",
  days: "30",
  planId: "",
  coins: "100",
};

export function emptyValues(): ComposerValues {
  return {
    subject: "",
    preheader: "",
    blocks: [newBlock("heading"), newBlock("text")],
    segment: EMPTY_SEGMENT,
  };
}

function blockValueOf(block: NewsletterBlock, titles: NewsletterTitleOption[]): BlockValue {
  const key = nextKey();
  switch (block.type) {
    case "picture":
      return { key, ...block, link: block.link ?? "", localUrl: null };
    case "title":
      return { key, ...block, title: titles.find((title) => title._id === block.titleId) ?? null };
    default:
      return { key, ...block };
  }
}

function segmentValuesOf(segment: NewsletterSegment, titles: NewsletterTitleOption[]): SegmentValues {
  const titleOf = (id: string) => titles.find((title) => title._id === id) ?? null;
  const values: SegmentValues = { ...EMPTY_SEGMENT, kind: segment.kind };
  switch (segment.kind) {
    case "genre":
      return { ...values, genre: segment.genre };
    case "followers":
      return { ...values, titleId: segment.titleId, title: titleOf(segment.titleId) };
    case "unlocked_not_next":
      return {
        ...values,
        titleId: segment.titleId,
        title: titleOf(segment.titleId),
        episodeNumber: String(segment.episodeNumber),
      };
    case "inactive":
      return { ...values, days: String(segment.days) };
    case "plan":
      return { ...values, planId: segment.planId };
    case "coins_below":
      return { ...values, coins: String(segment.coins) };
    default:
      return values;
  }
}

/** A saved issue as the form edits it. */
export function valuesOfIssue(issue: NewsletterIssue): ComposerValues {
  return {
    subject: issue.subject,
    preheader: issue.preheader,
    blocks: issue.blocks.map((block) => blockValueOf(block, issue.titles)),
    segment: segmentValuesOf(issue.segment, issue.titles),
  };
}

/** A block as the functions take it (unchecked). */
export function blockInputOf(block: BlockValue): NewsletterBlock {
  switch (block.type) {
    case "heading":
      return { type: "heading", text: block.text };
    case "text":
      return { type: "text", text: block.text };
    case "picture":
      return {
        type: "picture",
        pictureKey: block.pictureKey,
        alt: block.alt,
        link: block.link.trim() || null,
      };
    case "title":
      return { type: "title", titleId: block.titleId };
    case "button":
      return { type: "button", label: block.label, url: block.url };
  }
}

/** A number as typed; NaN for anything else, which the schema refuses with its own message. */
function parseWhole(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The audience as the functions take it (unchecked). */
export function segmentInputOf(segment: SegmentValues): NewsletterSegment {
  switch (segment.kind) {
    case "everyone":
      return { kind: "everyone" };
    case "genre":
      return { kind: "genre", genre: segment.genre };
    case "followers":
      return { kind: "followers", titleId: segment.titleId };
    case "unlocked_not_next":
      return {
        kind: "unlocked_not_next",
        titleId: segment.titleId,
        episodeNumber: parseWhole(segment.episodeNumber),
      };
    case "inactive":
      return { kind: "inactive", days: parseWhole(segment.days) };
    case "plan":
      return { kind: "plan", planId: segment.planId };
    case "coins_below":
      return { kind: "coins_below", coins: parseWhole(segment.coins) };
  }
}

/** The audience once it is complete, for the count of people; null while a field is missing. */
export function checkedSegment(segment: SegmentValues): NewsletterSegment | null {
  const result = newsletterSegmentInput.safeParse(segmentInputOf(segment));
  return result.success ? (result.data as NewsletterSegment) : null;
}

/**
 * Where a message belongs in the form, from its input path: "subject", "blocks.2.text",
 * "segment.days"; a list's own message ("Add at least one block") under the list's name.
 */
export function errorKeyOf(path: ReadonlyArray<PropertyKey>): string {
  const parts = path.map(String);
  if (parts.length === 0) return "form";
  // A segment's kind that is not one reads at the audience select.
  if (parts[0] === "segment" && (parts.length === 1 || parts[1] === "kind")) return "segment.kind";
  return parts.join(".");
}

function issuesOf(error: z.ZodError): FormErrors {
  const result: FormErrors = {};
  for (const issue of error.issues) {
    const key = errorKeyOf(issue.path);
    if (!result[key]?.includes(issue.message)) result[key] = [...(result[key] ?? []), issue.message];
  }
  return result;
}

export type SaveInput = z.output<typeof saveIssueInput>;
export type TestInput = z.output<typeof previewIssueInput>;
type Checked<T> = { ok: true; input: T } | { ok: false; errors: FormErrors };

/** The input checked with `schema`, a picture block still without its picture counting as a mistake. */
function checkedWith<T>(values: ComposerValues, result: z.ZodSafeParseResult<T>): Checked<T> {
  const pending = values.blocks.findIndex((block) => block.type === "picture" && block.pictureKey === "");
  if (result.success && pending === -1) return { ok: true, input: result.data };
  const errors = result.success ? {} : issuesOf(result.error);
  // The schema's words are about uploading again; what is missing is the picture itself.
  if (pending !== -1) errors[`blocks.${pending}.pictureKey`] = ["Choose a picture"];
  return { ok: false, errors };
}

/** The issue to save (a new draft without `issueId`), or each field's message. */
export function saveInputOf(values: ComposerValues, issueId?: string): Checked<SaveInput> {
  return checkedWith(
    values,
    saveIssueInput.safeParse({
      ...(issueId ? { issueId } : {}),
      subject: values.subject,
      preheader: values.preheader,
      blocks: values.blocks.map(blockInputOf),
      segment: segmentInputOf(values.segment),
    }),
  );
}

/** The message alone, for a test to oneself (the audience may still be unfinished). */
export function testInputOf(values: ComposerValues): Checked<TestInput> {
  return checkedWith(
    values,
    previewIssueInput.safeParse({
      subject: values.subject,
      preheader: values.preheader,
      blocks: values.blocks.map(blockInputOf),
    }),
  );
}

export interface PreviewInput {
  subject: string;
  preheader: string;
  blocks: NewsletterBlock[];
}

/**
 * What the preview can show as the form stands: the blocks that are complete, the subject (or a
 * stand-in while there is none). Null while no block is complete.
 */
export function previewInputOf(values: ComposerValues): PreviewInput | null {
  const blocks = values.blocks.flatMap((block) => {
    const checked = newsletterBlockInput.safeParse(blockInputOf(block));
    return checked.success ? [checked.data as NewsletterBlock] : [];
  });
  if (blocks.length === 0) return null;
  const subject = values.subject.trim();
  const preheader = values.preheader.trim();
  return {
    subject: subject === "" ? "(No subject yet)" : subject,
    preheader: previewIssueInput.shape.preheader.safeParse(preheader).success ? preheader : "",
    blocks,
  };
}

/** The blocks after moving the one at `index` by `by` places (nothing when it cannot move). */
export function moveBlock(blocks: readonly BlockValue[], index: number, by: -1 | 1): BlockValue[] {
  const target = index + by;
  if (index < 0 || index >= blocks.length || target < 0 || target >= blocks.length) return [...blocks];
  const moved = [...blocks];
  const [block] = moved.splice(index, 1);
  if (block) moved.splice(target, 0, block);
  return moved;
}

/**
 * The form's blocks once a save has come back: a picture uploaded for the save now holds the key
 * the server stored. Matched by place among the blocks sent, and only where the block still holds
 * the upload sent (it may have changed while the save was on its way).
 */
export function withSavedPictures(
  current: readonly BlockValue[],
  sent: readonly BlockValue[],
  saved: readonly NewsletterBlock[],
): BlockValue[] {
  const storedKeys = new Map<string, { sentKey: string; storedKey: string }>();
  sent.forEach((block, index) => {
    const back = saved[index];
    if (block.type === "picture" && back?.type === "picture" && block.pictureKey.startsWith("upload:")) {
      storedKeys.set(block.key, { sentKey: block.pictureKey, storedKey: back.pictureKey });
    }
  });
  return current.map((block) => {
    const stored = storedKeys.get(block.key);
    if (block.type !== "picture" || !stored || block.pictureKey !== stored.sentKey) return block;
    return { ...block, pictureKey: stored.storedKey };
  });
}
