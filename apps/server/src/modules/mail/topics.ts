// What the email pages watch live.
import { coalesceTopic } from "../../core/live/changes.ts";

/** A person's email settings (their address, its confirmation, their choices). */
export const emailSettingsTopic = (userId: string) => `user:${userId}:email-settings`;
/** The newsletter's issues, their progress and reports, and the number of subscribers. */
export const NEWSLETTER_TOPIC = "newsletter";
/** The outbox as the team sees it. */
export const OUTBOX_TOPIC = "mail:outbox";

// A send of thousands of messages changes these many times a second: pages hear of it once a second.
coalesceTopic(NEWSLETTER_TOPIC, 1_000);
coalesceTopic(OUTBOX_TOPIC, 1_000);
