// What the admin-notifications module's live queries follow.

/** Any announcement: stored, sending, how far it has gone, sent or failed. */
export const ANNOUNCEMENTS_TOPIC = "announcements";
