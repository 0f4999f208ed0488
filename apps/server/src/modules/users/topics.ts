// The live topics of people's accounts.

/** An account was created, or its role or standing changed: the lists of people in user management. */
export const ACCOUNTS_TOPIC = "accounts";

/** One person's account row: their role, standing and profile claims. */
export const userTopic = (userId: string) => `user:${userId}`;

/**
 * Someone's public content was hidden or shown again (a suspension or ban that hides it, or its
 * lifting): every list of posts, comments and people re-runs. Rare, so one topic serves all.
 */
export const HIDDEN_PEOPLE_TOPIC = "people:hidden";
