// What the content module offers the other modules; everything else in this folder is its own.
export { addEpisodes, bookChapter, type NewEpisode } from "./add-episodes.ts";
export { matterMediaKey } from "./book-matter.ts";
export {
  decodeCursor,
  encodeCursor,
  likePattern,
  searchCondition,
  toPage,
  totalColumn,
} from "./catalogue-queries.ts";
export {
  type SummaryRow,
  summariesOf,
  summaryColumns,
  toContentCard,
  toContentSummary,
} from "./content-summaries.ts";
export {
  contentSnapshot,
  createContent,
  insertContent,
  updateContent,
} from "./content-writing.service.ts";
export { loadEntitlements } from "./entitlements.ts";
export { type Entitlements, episodeLock, PREVIEW_EPISODE_NUMBER } from "./episode-access.ts";
export { recordView } from "./episode-content.service.ts";
export { episodeMediaKey, payloadMeasures, type StoredEpisodePayload } from "./episode-payload.ts";
export { progressByEpisode, toEpisodeSummary } from "./episode-summaries.ts";
export { titleReportTarget } from "./moderation-targets.ts";
export { continueEpisode } from "./title-detail.service.ts";
export {
  type ContentRow,
  type EpisodeRow,
  isAdminViewer,
  releasedEpisode,
  viewerAge,
  visibleTitle,
  visibleTitles,
} from "./title-visibility.ts";
