// What the reports module announces, for live queries elsewhere.

/** A report was made or its item changed: the moderation queue and a person's reports. */
export const REPORTS_TOPIC = "reports";
