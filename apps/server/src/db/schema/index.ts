// The whole schema, for Drizzle's relational queries and drizzle-kit. One file per area.
export * from "./auth.ts";
export * from "./system-settings.ts";
export * from "./users.ts";
