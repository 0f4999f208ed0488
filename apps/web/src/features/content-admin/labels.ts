// Words for the catalogue's values, as the admin pages show them.
import type {
  ContentType,
  CuratedListContentType,
  CuratedListType,
  PublicationStatus,
  ReadingDirection,
  WritingMode,
} from "@litverse/shared/content";
import type { JobStatus } from "@litverse/shared/jobs";
import { ACCESS_LABELS, RELEASE_STATUS_LABELS, TYPE_LABELS } from "../../components/catalogue/labels.ts";
import type { BadgeVariant } from "../../components/ui/badge.tsx";

export const CONTENT_TYPE_LABELS: Record<ContentType, string> = TYPE_LABELS;

export const CONTENT_TYPE_PLURALS: Record<CuratedListContentType, string> = {
  all: "All types",
  book: "Books",
  audiobook: "Audiobooks",
  comic: "Comics",
  drama: "Dramas",
};

export { ACCESS_LABELS, RELEASE_STATUS_LABELS };

export const PUBLICATION_LABELS: Record<PublicationStatus, string> = {
  draft: "Draft",
  published: "Published",
};

export const READING_DIRECTION_LABELS: Record<ReadingDirection, string> = {
  ltr: "Left to right",
  rtl: "Right to left",
};

export const WRITING_MODE_LABELS: Record<WritingMode, string> = {
  horizontal: "Horizontal",
  vertical: "Vertical",
};

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  queued: "Waiting",
  running: "Importing",
  succeeded: "Done",
  failed: "Failed",
  cancelled: "Cancelled",
};

export const JOB_STATUS_VARIANTS: Record<JobStatus, BadgeVariant> = {
  queued: "neutral",
  running: "brand",
  succeeded: "success",
  failed: "danger",
  cancelled: "warning",
};

export const LIST_TYPE_LABELS: Record<CuratedListType, string> = {
  trending: "Trending",
  recently_added: "Recently added",
  editors_picks: "Editor's picks",
  top_reads: "Top reads",
  must_watch: "Must watch",
  hidden_gems: "Hidden gems",
  rising_stars: "Rising stars",
  custom: "Custom",
};

/** How each automatic shelf chooses its titles (see the server's jobs/content-stats.ts). */
export const COMPUTED_LIST_EXPLANATIONS: Partial<Record<CuratedListType, string>> = {
  trending: "The most views, follows and likes over the last 7 days.",
  recently_added: "The most recently published titles, newest first.",
  top_reads: "The titles with the most readers of all time.",
  rising_stars: "Titles first published in the last 90 days whose views grow fastest week on week.",
  hidden_gems: "Titles rated 4 stars or more by at least 2 readers, yet seen less than most.",
};

/** Select items for a record of labels, in the order of `values`. */
export function selectItems<Value extends string>(
  values: readonly Value[],
  labels: Record<Value, string>,
): Array<{ value: Value; label: string }> {
  return values.map((value) => ({ value, label: labels[value] }));
}
