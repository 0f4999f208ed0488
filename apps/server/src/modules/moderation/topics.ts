// What the moderation module announces, for live queries elsewhere.

/** A decision, appeal, claim or note changed: the queue and the review pages. */
export const MODERATION_TOPIC = "moderation";

/** Decisions about a person's content and their appeals: their own safety page. */
export const decisionsTopic = (userId: string) => `moderation:decisions:${userId}`;
