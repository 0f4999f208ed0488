// What the story functions' live results depend on.

/** The published catalogue: which stories are out, their cards and ratings. */
export const STORIES_CATALOGUE_TOPIC = "stories:catalogue";
/** The administrators' list, the dashboard's figures by status. */
export const STORIES_ADMIN_TOPIC = "stories:admin";
/** Plays, completions and endings of every story: the dashboard. */
export const STORIES_ACTIVITY_TOPIC = "stories:activity";
export const STAT_PRESETS_TOPIC = "stories:stat-presets";

/** One story's details, versions and draft. */
export const storyTopic = (storyId: string) => `story:${storyId}`;
/** One reader's play, saves, endings and rating of one story. */
export const storyReaderTopic = (storyId: string, userId: string) => `story:${storyId}:reader:${userId}`;
/** One reader's progress in any story: the catalogue's progress badges. */
export const readerStoriesTopic = (userId: string) => `user:${userId}:stories`;
/** Readers, picks and drop-off of one story: its funnel. */
export const storyActivityTopic = (storyId: string) => `story:${storyId}:activity`;
