CREATE TABLE "cohort_weeks" (
	"cohort_week" date NOT NULL,
	"week" date NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"active_people" integer DEFAULT 0 NOT NULL,
	"coins_bought" bigint DEFAULT 0 NOT NULL,
	"coins_spent" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cohort_weeks_cohort_week_week_shard_pk" PRIMARY KEY("cohort_week","week","shard")
);
--> statement-breakpoint
CREATE TABLE "daily_active_segments" (
	"day" date NOT NULL,
	"segment" text NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "daily_active_segments_day_segment_user_id_pk" PRIMARY KEY("day","segment","user_id")
);
--> statement-breakpoint
CREATE TABLE "episode_daily" (
	"day" date NOT NULL,
	"episode_id" uuid NOT NULL,
	"content_id" uuid NOT NULL,
	"new_readers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "episode_daily_day_episode_id_pk" PRIMARY KEY("day","episode_id")
);
--> statement-breakpoint
CREATE TABLE "monthly_active_people" (
	"month" date NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "monthly_active_people_month_user_id_pk" PRIMARY KEY("month","user_id")
);
--> statement-breakpoint
CREATE TABLE "person_milestones" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"signed_up_at" timestamp with time zone NOT NULL,
	"first_episode_at" timestamp with time zone,
	"first_finished_at" timestamp with time zone,
	"first_paid_at" timestamp with time zone,
	"first_reel_at" timestamp with time zone,
	"reel_click_at" timestamp with time zone,
	"unlock_after_reel_at" timestamp with time zone,
	"story_started_at" timestamp with time zone,
	"story_finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "title_daily" (
	"day" date NOT NULL,
	"content_id" uuid NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"new_readers" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	"coins_earned" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "title_daily_day_content_id_shard_pk" PRIMARY KEY("day","content_id","shard")
);
--> statement-breakpoint
CREATE TABLE "weekly_active_people" (
	"week" date NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "weekly_active_people_week_user_id_pk" PRIMARY KEY("week","user_id")
);
--> statement-breakpoint
ALTER TABLE "daily_active_segments" ADD CONSTRAINT "daily_active_segments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_active_people" ADD CONSTRAINT "monthly_active_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_milestones" ADD CONSTRAINT "person_milestones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_active_people" ADD CONSTRAINT "weekly_active_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "episode_daily_content_idx" ON "episode_daily" USING btree ("content_id","day");--> statement-breakpoint
CREATE INDEX "person_milestones_signed_up_idx" ON "person_milestones" USING btree ("signed_up_at");--> statement-breakpoint
CREATE INDEX "title_daily_content_idx" ON "title_daily" USING btree ("content_id","day");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");