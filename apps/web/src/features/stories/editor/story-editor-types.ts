// The server's views the editor works with, named apart from the editor's own StoryDraft (the
// part it edits).
export type { StoryDraft as StoryDraftView } from "@litverse/shared/stories";
