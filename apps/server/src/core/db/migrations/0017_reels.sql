CREATE TABLE "creator_follows" (
	"follower_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_follows_follower_id_creator_id_pk" PRIMARY KEY("follower_id","creator_id"),
	CONSTRAINT "creator_follows_not_self_check" CHECK ("creator_follows"."follower_id" <> "creator_follows"."creator_id")
);
--> statement-breakpoint
CREATE TABLE "reel_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reel_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"parent_id" uuid,
	"text" text NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reel_comments_reply_count_check" CHECK ("reel_comments"."reply_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reel_daily_stats" (
	"reel_id" uuid NOT NULL,
	"day" date NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"skips" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	"watch_ms" bigint DEFAULT 0 NOT NULL,
	"reach" integer[] DEFAULT array_fill(0, array[21]) NOT NULL,
	CONSTRAINT "reel_daily_stats_reel_id_day_pk" PRIMARY KEY("reel_id","day")
);
--> statement-breakpoint
CREATE TABLE "reel_likes" (
	"reel_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reel_likes_reel_id_user_id_pk" PRIMARY KEY("reel_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reel_link_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reel_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"content_id" uuid NOT NULL,
	"episode_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reel_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"require_review" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reel_settings_single_row" CHECK ("reel_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "reel_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reel_id" uuid NOT NULL,
	"user_id" uuid,
	"method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reel_shares_method_check" CHECK ("reel_shares"."method" in ('copy', 'native'))
);
--> statement-breakpoint
CREATE TABLE "reel_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"reel_id" uuid NOT NULL,
	"viewer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_event_at" timestamp with time zone NOT NULL,
	"played_ms" integer DEFAULT 0 NOT NULL,
	"reach_ms" integer DEFAULT 0 NOT NULL,
	"is_counted" boolean DEFAULT false NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"left_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reel_views_times_check" CHECK ("reel_views"."played_ms" >= 0 and "reel_views"."reach_ms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reel_watch_allowances" (
	"viewer_id" uuid PRIMARY KEY NOT NULL,
	"available_ms" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reel_watch_allowances_available_check" CHECK ("reel_watch_allowances"."available_ms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reel_watch_events" (
	"view_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"position_ms" integer NOT NULL,
	"played_ms" integer NOT NULL,
	"client_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reel_watch_events_view_id_seq_pk" PRIMARY KEY("view_id","seq"),
	CONSTRAINT "reel_watch_events_kind_check" CHECK ("reel_watch_events"."kind" in ('play', 'progress', 'end', 'leave'))
);
--> statement-breakpoint
CREATE TABLE "reels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"link_content_id" uuid,
	"link_episode_id" uuid,
	"is_official" boolean DEFAULT false NOT NULL,
	"featured_at" timestamp with time zone,
	"source_name" text DEFAULT '' NOT NULL,
	"duration_ms" integer,
	"width" integer,
	"height" integer,
	"has_audio" boolean DEFAULT false NOT NULL,
	"has_poster" boolean DEFAULT false NOT NULL,
	"has_captions" boolean DEFAULT false NOT NULL,
	"job_id" uuid,
	"reason" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"share_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reels_status_check" CHECK ("reels"."status" in ('processing', 'pending_review', 'published', 'rejected', 'removed', 'failed')),
	CONSTRAINT "reels_visibility_check" CHECK ("reels"."visibility" in ('public', 'followers', 'private')),
	CONSTRAINT "reels_counts_check" CHECK ("reels"."like_count" >= 0 and "reels"."comment_count" >= 0 and "reels"."share_count" >= 0),
	CONSTRAINT "reels_episode_link_check" CHECK ("reels"."link_episode_id" is null or "reels"."link_content_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "reward_rules" DROP CONSTRAINT "reward_rules_key_check";--> statement-breakpoint
ALTER TABLE "xp_daily" DROP CONSTRAINT "xp_daily_source_check";--> statement-breakpoint
ALTER TABLE "xp_events" DROP CONSTRAINT "xp_events_source_check";--> statement-breakpoint
ALTER TABLE "creator_follows" ADD CONSTRAINT "creator_follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_follows" ADD CONSTRAINT "creator_follows_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_comments" ADD CONSTRAINT "reel_comments_reel_id_reels_id_fk" FOREIGN KEY ("reel_id") REFERENCES "public"."reels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_comments" ADD CONSTRAINT "reel_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_comments" ADD CONSTRAINT "reel_comments_parent_id_reel_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."reel_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_daily_stats" ADD CONSTRAINT "reel_daily_stats_reel_id_reels_id_fk" FOREIGN KEY ("reel_id") REFERENCES "public"."reels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_likes" ADD CONSTRAINT "reel_likes_reel_id_reels_id_fk" FOREIGN KEY ("reel_id") REFERENCES "public"."reels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_likes" ADD CONSTRAINT "reel_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_link_clicks" ADD CONSTRAINT "reel_link_clicks_reel_id_reels_id_fk" FOREIGN KEY ("reel_id") REFERENCES "public"."reels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_link_clicks" ADD CONSTRAINT "reel_link_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_link_clicks" ADD CONSTRAINT "reel_link_clicks_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_link_clicks" ADD CONSTRAINT "reel_link_clicks_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_settings" ADD CONSTRAINT "reel_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_shares" ADD CONSTRAINT "reel_shares_reel_id_reels_id_fk" FOREIGN KEY ("reel_id") REFERENCES "public"."reels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_shares" ADD CONSTRAINT "reel_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_views" ADD CONSTRAINT "reel_views_reel_id_reels_id_fk" FOREIGN KEY ("reel_id") REFERENCES "public"."reels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_views" ADD CONSTRAINT "reel_views_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_watch_allowances" ADD CONSTRAINT "reel_watch_allowances_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_watch_events" ADD CONSTRAINT "reel_watch_events_view_id_reel_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."reel_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reels" ADD CONSTRAINT "reels_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reels" ADD CONSTRAINT "reels_link_content_id_content_id_fk" FOREIGN KEY ("link_content_id") REFERENCES "public"."content"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reels" ADD CONSTRAINT "reels_link_episode_id_episodes_id_fk" FOREIGN KEY ("link_episode_id") REFERENCES "public"."episodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reels" ADD CONSTRAINT "reels_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reels" ADD CONSTRAINT "reels_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_follows_creator_idx" ON "creator_follows" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "reel_comments_thread_idx" ON "reel_comments" USING btree ("reel_id","parent_id","created_at");--> statement-breakpoint
CREATE INDEX "reel_comments_parent_idx" ON "reel_comments" USING btree ("parent_id","created_at");--> statement-breakpoint
CREATE INDEX "reel_comments_created_idx" ON "reel_comments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reel_daily_stats_day_idx" ON "reel_daily_stats" USING btree ("day");--> statement-breakpoint
CREATE INDEX "reel_likes_reel_created_idx" ON "reel_likes" USING btree ("reel_id","created_at");--> statement-breakpoint
CREATE INDEX "reel_likes_user_idx" ON "reel_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reel_link_clicks_reel_created_idx" ON "reel_link_clicks" USING btree ("reel_id","created_at");--> statement-breakpoint
CREATE INDEX "reel_link_clicks_user_content_idx" ON "reel_link_clicks" USING btree ("user_id","content_id","created_at");--> statement-breakpoint
CREATE INDEX "reel_shares_reel_created_idx" ON "reel_shares" USING btree ("reel_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reel_views_session_reel_key" ON "reel_views" USING btree ("session_id","reel_id");--> statement-breakpoint
CREATE INDEX "reel_views_reel_day_idx" ON "reel_views" USING btree ("reel_id","day");--> statement-breakpoint
CREATE INDEX "reel_views_day_idx" ON "reel_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "reel_views_viewer_completed_idx" ON "reel_views" USING btree ("viewer_id","started_at") WHERE "reel_views"."is_completed";--> statement-breakpoint
CREATE INDEX "reels_feed_idx" ON "reels" USING btree ("published_at") WHERE "reels"."status" = 'published';--> statement-breakpoint
CREATE INDEX "reels_creator_idx" ON "reels" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "reels_status_idx" ON "reels" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reels_link_content_idx" ON "reels" USING btree ("link_content_id");--> statement-breakpoint
ALTER TABLE "reward_rules" ADD CONSTRAINT "reward_rules_key_check" CHECK ("reward_rules"."key" in ('checkin_day_1', 'checkin_day_2', 'checkin_day_3', 'checkin_day_4', 'checkin_day_5', 'checkin_day_6', 'checkin_day_7', 'streak_milestone', 'league_rank_1', 'league_rank_2', 'league_rank_3', 'xp_reading_minutes', 'xp_listening_minutes', 'xp_episode_completed', 'xp_title_finished', 'xp_club_post', 'xp_reel_watched'));--> statement-breakpoint
ALTER TABLE "xp_daily" ADD CONSTRAINT "xp_daily_source_check" CHECK ("xp_daily"."source" in ('reading_minutes', 'listening_minutes', 'episode_completed', 'title_finished', 'club_post', 'reel_watched'));--> statement-breakpoint
ALTER TABLE "xp_events" ADD CONSTRAINT "xp_events_source_check" CHECK ("xp_events"."source" in ('reading_minutes', 'listening_minutes', 'episode_completed', 'title_finished', 'club_post', 'reel_watched'));