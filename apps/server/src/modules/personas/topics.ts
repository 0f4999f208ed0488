/** The team's personas: one made, renamed or given a picture. Their inboxes have their own topics. */
export const PERSONAS_TOPIC = "personas";
