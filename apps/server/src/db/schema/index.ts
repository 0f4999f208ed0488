// The whole schema, for Drizzle's relational queries and drizzle-kit. One file per area.
export * from "./auth.ts";
export * from "./book-matter.ts";
export * from "./clubs.ts";
export * from "./coins.ts";
export * from "./content.ts";
export * from "./content-curation.ts";
export * from "./jobs.ts";
export * from "./library.ts";
export * from "./messages.ts";
export * from "./notifications.ts";
export * from "./people.ts";
export * from "./reels.ts";
export * from "./rewards.ts";
export * from "./stories.ts";
export * from "./support.ts";
export * from "./system-settings.ts";
export * from "./users.ts";
