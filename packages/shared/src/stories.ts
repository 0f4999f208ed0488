// Interactive stories as the functions return them: the catalogue's cards and detail, a reader's
// play, and what administrators see (the draft, the list, the dashboard, the funnel, the presets).
// The story itself (scenes, choices, stats) is in stories/story-model.ts.
import type { Age } from "./constants.ts";
import type { StoryDocument, StoryStat, StoryStatus } from "./stories/story-model.ts";

export type { StoryStatus } from "./stories/story-model.ts";

export const STORY_STATUS_LABELS: Record<StoryStatus, string> = {
  draft: "Draft",
  published: "Published",
  archived: "Archived",
};

/** Stories a page of listStories holds. */
export const STORIES_PAGE_SIZE = 24;
/** Reading speed behind a story's estimated minutes (words a minute). */
export const STORY_WORDS_PER_MINUTE = 200;
/** File formats exportStory writes. */
export const STORY_EXPORT_FORMATS = ["twee", "html"] as const;
export type StoryExportFormat = (typeof STORY_EXPORT_FORMATS)[number];

export type StoryProgressStatus = "new" | "playing" | "finished";

export interface StoryCard {
  id: string;
  title: string;
  description: string;
  /** Media URL, or null. */
  coverImage: string | null;
  genre: string | null;
  ageRating: Age;
  sceneCount: number;
  endingCount: number;
  /** One path through the story at STORY_WORDS_PER_MINUTE, rounded up, at least 1. */
  estimatedMinutes: number;
  rating: { average: number | null; count: number };
  hasPremiumChoices: boolean;
  progress: { status: StoryProgressStatus; endingsFound: number };
}

export interface StoryPage {
  items: StoryCard[];
  nextCursor: string | null;
}

export interface StoryDetail extends StoryCard {
  authorName: string;
  publishedAt: string;
  /** The newest published version. */
  versionNumber: number;
  /** Every ending of the newest version; the names of those the reader has not found are hidden. */
  endings: Array<{ name: string | null; found: boolean }>;
  play: { versionNumber: number; startedAt: string; updatedAt: string; isFinished: boolean } | null;
  myRating: number | null;
  /** A reader rates a story once one of their plays has reached an ending. */
  canRate: boolean;
}

/**
 * open: take it. locked: its condition does not hold (lockReason says what it needs). priced:
 * costs priceCoins, not paid yet. paid: priced, and this reader paid for it in this story.
 */
export type PlayChoiceState = "open" | "locked" | "priced" | "paid";

export interface PlayChoice {
  id: string;
  label: string;
  state: PlayChoiceState;
  /** For "locked": the requirement in words, with the stats' labels ("Needs Courage 3 or more"). */
  lockReason: string | null;
  priceCoins: number;
}

export interface PlayStat {
  name: string;
  label: string;
  kind: "number" | "boolean";
  value: number | boolean;
  min: number | null;
  max: number | null;
}

export interface PlaySave {
  slot: 1 | 2 | 3;
  savedAt: string;
  /** The start of the saved scene's text. */
  excerpt: string;
}

export interface PlayView {
  playId: string;
  versionNumber: number;
  scene: { id: string; text: string; image: string | null; ending: { name: string } | null };
  /** Empty at an ending. */
  choices: PlayChoice[];
  /** Visible stats only. */
  stats: PlayStat[];
  /** Names of the endings this reader has reached in this story, in any play. */
  endingsFound: string[];
  /** Endings in this play's version. */
  endingCount: number;
  /** Always STORY_SAVE_SLOTS long: slot 1 first, null where nothing is saved. */
  saves: Array<PlaySave | null>;
  autosavedAt: string;
  /** A newer published version than this play's, and whether the current scene exists in it. */
  newerVersion: { versionNumber: number; sceneExists: boolean } | null;
  /**
   * The choice that led here. sharePercent: of the readers who made a choice at that scene, the
   * share who chose this one; null until CHOICE_SHARE_MIN_READERS readers had.
   */
  lastChoice: { label: string; sharePercent: number | null } | null;
}

/** A genre of the stories a reader may see, with how many there are. */
export interface StoryGenre {
  genre: string;
  count: number;
}

export interface AdminStoryRow {
  id: string;
  title: string;
  status: StoryStatus;
  coverImage: string | null;
  sceneCount: number;
  versionNumber: number | null;
  hasUnpublishedChanges: boolean;
  plays: number;
  updatedAt: string;
}

export interface StoryDraft {
  id: string;
  title: string;
  description: string;
  genre: string | null;
  ageRating: Age;
  coverImage: string | null;
  status: StoryStatus;
  statPresetId: string | null;
  ownStats: StoryStat[];
  presetStats: StoryStat[];
  /** Saves must name the revision they change (saveStoryDraft's baseRevision). */
  revision: number;
  /** Stats are the effective ones: the preset's, then the story's own. */
  document: StoryDocument;
  versionNumber: number | null;
  hasUnpublishedChanges: boolean;
}

export interface StoriesDashboard {
  byStatus: Record<StoryStatus, number>;
  /** Plays started in the range. */
  plays: number;
  /** Distinct readers who started a play in the range. */
  players: number;
  /** Of the plays started in the range, the share (0 to 1) that reached an ending; null without plays. */
  completionRate: number | null;
  /** Endings found for the first time by a reader in the range. */
  endingsReached: number;
  playsByDay: Array<{ day: string; plays: number; completions: number }>;
  stories: Array<{ id: string; title: string; plays: number; completionRate: number | null }>;
}

export interface StoryFunnelScene {
  sceneId: string;
  title: string;
  /** Distinct readers who reached the scene. */
  readers: number;
  /** Readers whose furthest point is this scene and who have reached no ending. */
  dropOff: number;
  isEnding: boolean;
  /** First pick per reader at this scene; share is 0 to 1 of the picks here. */
  choices: Array<{ choiceId: string; label: string; picks: number; share: number | null }>;
}

export interface StoryFunnel {
  /** Of the newest published version; empty for a story never published. */
  versionNumber: number | null;
  /** From the start, breadth first; unreachable scenes last. */
  scenes: StoryFunnelScene[];
}

export interface StatPreset {
  id: string;
  name: string;
  description: string;
  stats: StoryStat[];
  /** Stories using it; a preset in use cannot be deleted. */
  storyCount: number;
}

/** The story list's input for the words and genre asked for: either left out when empty. */
export function storyListInput(words: string, genre: string): { search?: string; genre?: string } {
  return { ...(words ? { search: words } : {}), ...(genre ? { genre } : {}) };
}
