// The whole schema, for drizzle-kit only (drizzle.config.ts): each module owns its tables in its
// own schema.ts, and code imports the tables it uses from there, never from this file.
export * from "./auth/schema.ts";
export * from "./core/db/schema.ts";
export * from "./modules/ads/schema.ts";
export * from "./modules/audit/schema.ts";
export * from "./modules/clubs/schema.ts";
export * from "./modules/coins/schema.ts";
export * from "./modules/content/schema.ts";
export * from "./modules/content-admin/schema.ts";
export * from "./modules/library/schema.ts";
export * from "./modules/messages/schema.ts";
export * from "./modules/moderation/schema.ts";
export * from "./modules/notifications/schema.ts";
export * from "./modules/payments/schema.ts";
export * from "./modules/permissions/schema.ts";
export * from "./modules/profiles/schema.ts";
export * from "./modules/reading/schema.ts";
export * from "./modules/reels/schema.ts";
export * from "./modules/reports/schema.ts";
export * from "./modules/rewards/schema.ts";
export * from "./modules/stories/schema.ts";
export * from "./modules/subscriptions/schema.ts";
export * from "./modules/support/schema.ts";
export * from "./modules/system-settings/schema.ts";
export * from "./modules/unlocks/schema.ts";
export * from "./modules/users/schema.ts";
export * from "./modules/vvip/schema.ts";
