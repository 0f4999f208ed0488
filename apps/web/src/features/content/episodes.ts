// How a title's episodes read on its page: each one's length, and what the main button offers.
import type { ContentDetail, EpisodeSummary } from "@litverse/shared/content";
import { TYPE_VERBS } from "../../components/catalogue/labels.ts";
import { formatDuration, readingMinutes } from "../../lib/format.ts";

/** "12 min read", "4:09", "24 pages", or null when the episode says nothing of its length. */
export function episodeLength(episode: Pick<EpisodeSummary, "durationMs" | "wordCount" | "pageCount">) {
  if (episode.durationMs) return formatDuration(episode.durationMs);
  if (episode.pageCount) return `${episode.pageCount} ${episode.pageCount === 1 ? "page" : "pages"}`;
  if (episode.wordCount) return `${readingMinutes(episode.wordCount)} min read`;
  return null;
}

export interface PrimaryAction {
  /** "Start reading", "Continue episode 4", "Read again". */
  label: string;
  episode: EpisodeSummary;
}

/**
 * The main button: start at the first episode, continue where the viewer is, or start again once
 * everything released is finished. Null while there is no episode out.
 */
export function primaryAction(
  detail: Pick<ContentDetail, "contentType" | "episodes" | "viewer">,
): PrimaryAction | null {
  const { episodes } = detail;
  const first = episodes[0];
  if (!first) return null;
  const verb = TYPE_VERBS[detail.contentType];
  const hasStarted = episodes.some((episode) => episode.progress !== null);
  if (!hasStarted) return { label: `Start ${verb}`, episode: first };
  if (episodes.every((episode) => episode.progress?.isCompleted)) {
    const again = { reading: "Read", listening: "Listen", watching: "Watch" }[verb] ?? "Read";
    return { label: `${again} again`, episode: first };
  }
  const number = detail.viewer?.continueEpisode;
  const episode = episodes.find((candidate) => candidate.number === number) ?? first;
  return { label: `Continue episode ${episode.number}`, episode };
}
