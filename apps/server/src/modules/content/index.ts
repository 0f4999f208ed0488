// What the content module offers the other modules; everything else in this folder is its own.
export { matterMediaKey } from "./book-matter.ts";
export {
  type ContentRow,
  continueEpisode,
  createContent,
  decodeCursor,
  type EpisodeRow,
  encodeCursor,
  insertContent,
  isAdminViewer,
  likePattern,
  progressByEpisode,
  recordView,
  releasedEpisode,
  type SummaryRow,
  searchCondition,
  summariesOf,
  summaryColumns,
  toContentCard,
  toContentSummary,
  toEpisodeSummary,
  toPage,
  totalColumn,
  updateContent,
  viewerAge,
  visibleTitle,
  visibleTitles,
} from "./content.service.ts";
export { loadEntitlements } from "./entitlements.ts";
export { type Entitlements, episodeLock, PREVIEW_EPISODE_NUMBER } from "./episode-access.ts";
export { episodeMediaKey, payloadMeasures, type StoredEpisodePayload } from "./episode-payload.ts";
