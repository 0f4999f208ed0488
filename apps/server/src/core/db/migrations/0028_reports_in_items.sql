CREATE TABLE "moderation_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"hide_thresholds" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_settings_single_row" CHECK ("moderation_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_category_check";--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "item_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "category" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" DROP COLUMN "reason";--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_kind_check" CHECK ("reports"."target_kind" in ('profile', 'profile_picture', 'message', 'club_post', 'club_poll', 'reel', 'reel_comment', 'story', 'title', 'ad', 'address'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_category_check" CHECK ("reports"."category" in ('illegal_content', 'self_harm', 'violence', 'harassment_hate', 'sexual_content', 'misinformation', 'intellectual_property', 'spam', 'other'));