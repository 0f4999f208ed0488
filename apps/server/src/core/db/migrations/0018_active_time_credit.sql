CREATE TABLE "active_time_clocks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"credited_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "episode_progress" ADD COLUMN "credited_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "active_time_clocks" ADD CONSTRAINT "active_time_clocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_progress" ADD CONSTRAINT "episode_progress_credited_seconds_check" CHECK ("episode_progress"."credited_seconds" >= 0);