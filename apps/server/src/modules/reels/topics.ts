// What reels' live queries follow.

/** A creator's own reels (My Reels): status, processing progress, edits, figures. */
export const creatorReelsTopic = (userId: string) => `reels:creator:${userId}`;
/** Any reel's status, review or flags: the administrators' list. */
export const REELS_ADMIN_TOPIC = "reels:admin";
/** One reel's comments. */
export const reelCommentsTopic = (reelId: string) => `reel:${reelId}:comments`;
export const REEL_SETTINGS_TOPIC = "reels:settings";
/** New watch figures, likes, comments, shares or clicks: announced at most every few seconds. */
export const REELS_ANALYTICS_TOPIC = "reels:analytics";
