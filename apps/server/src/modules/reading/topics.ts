// The live topics of reading: what a reader's other tabs and devices follow.

/** One person's place in each episode of one title. */
export const titleProgressTopic = (userId: string, contentId: string) => `progress:${userId}:${contentId}`;
/** One person's bookmarks and highlights in one title. */
export const readingMarksTopic = (userId: string, contentId: string) => `marks:${userId}:${contentId}`;
