CREATE TABLE "content_stats" (
	"content_id" uuid PRIMARY KEY NOT NULL,
	"views_total" integer DEFAULT 0 NOT NULL,
	"views_recent" integer DEFAULT 0 NOT NULL,
	"views_previous" integer DEFAULT 0 NOT NULL,
	"readers" integer DEFAULT 0 NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_average" double precision DEFAULT 0 NOT NULL,
	"popularity_score" double precision DEFAULT 0 NOT NULL,
	"trending_score" double precision DEFAULT 0 NOT NULL,
	"rising_score" double precision DEFAULT 0 NOT NULL,
	"hidden_gem_score" double precision DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "episodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"publish_at" timestamp with time zone,
	"release_announced_at" timestamp with time zone,
	"price_coins" integer DEFAULT 0 NOT NULL,
	"payload" jsonb NOT NULL,
	"duration_ms" integer,
	"word_count" integer,
	"page_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episodes_number_check" CHECK ("episodes"."number" > 0),
	CONSTRAINT "episodes_price_coins_check" CHECK ("episodes"."price_coins" >= 0)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"input" jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"created_by" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
	CONSTRAINT "jobs_progress_check" CHECK ("jobs"."progress" >= 0 and "jobs"."progress" <= 1)
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_follows" (
	"user_id" uuid NOT NULL,
	"content_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_follows_user_id_content_id_pk" PRIMARY KEY("user_id","content_id")
);
--> statement-breakpoint
CREATE TABLE "content_likes" (
	"user_id" uuid NOT NULL,
	"content_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_likes_user_id_content_id_pk" PRIMARY KEY("user_id","content_id")
);
--> statement-breakpoint
CREATE TABLE "content_ratings" (
	"user_id" uuid NOT NULL,
	"content_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_ratings_user_id_content_id_pk" PRIMARY KEY("user_id","content_id"),
	CONSTRAINT "content_ratings_rating_check" CHECK ("content_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "episode_progress" (
	"user_id" uuid NOT NULL,
	"episode_id" uuid NOT NULL,
	"content_id" uuid NOT NULL,
	"fraction" real DEFAULT 0 NOT NULL,
	"locator" jsonb,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episode_progress_user_id_episode_id_pk" PRIMARY KEY("user_id","episode_id"),
	CONSTRAINT "episode_progress_fraction_check" CHECK ("episode_progress"."fraction" >= 0 and "episode_progress"."fraction" <= 1)
);
--> statement-breakpoint
CREATE TABLE "episode_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"episode_id" uuid NOT NULL,
	"content_id" uuid NOT NULL,
	"user_id" uuid,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "genres" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "release_status" text DEFAULT 'ongoing' NOT NULL;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "release_schedule" text;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "reading_direction" text DEFAULT 'ltr' NOT NULL;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "writing_mode" text DEFAULT 'horizontal' NOT NULL;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(author, '')), 'B') || setweight(array_to_tsvector(tags), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "content_stats" ADD CONSTRAINT "content_stats_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_follows" ADD CONSTRAINT "content_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_follows" ADD CONSTRAINT "content_follows_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_likes" ADD CONSTRAINT "content_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_likes" ADD CONSTRAINT "content_likes_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_ratings" ADD CONSTRAINT "content_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_ratings" ADD CONSTRAINT "content_ratings_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_progress" ADD CONSTRAINT "episode_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_progress" ADD CONSTRAINT "episode_progress_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_progress" ADD CONSTRAINT "episode_progress_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_views" ADD CONSTRAINT "episode_views_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_views" ADD CONSTRAINT "episode_views_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_views" ADD CONSTRAINT "episode_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "episodes_content_id_number_key" ON "episodes" USING btree ("content_id","number");--> statement-breakpoint
CREATE INDEX "episodes_release_due_idx" ON "episodes" USING btree ("publish_at") WHERE "episodes"."release_announced_at" is null and "episodes"."publish_at" is not null;--> statement-breakpoint
CREATE INDEX "jobs_queued_idx" ON "jobs" USING btree ("created_at") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_kind_created_idx" ON "jobs" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "content_follows_content_id_idx" ON "content_follows" USING btree ("content_id","created_at");--> statement-breakpoint
CREATE INDEX "content_likes_content_id_idx" ON "content_likes" USING btree ("content_id","created_at");--> statement-breakpoint
CREATE INDEX "content_ratings_content_id_idx" ON "content_ratings" USING btree ("content_id","updated_at");--> statement-breakpoint
CREATE INDEX "episode_progress_user_recent_idx" ON "episode_progress" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "episode_progress_content_id_idx" ON "episode_progress" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "episode_views_content_viewed_idx" ON "episode_views" USING btree ("content_id","viewed_at");--> statement-breakpoint
CREATE INDEX "episode_views_episode_id_idx" ON "episode_views" USING btree ("episode_id");--> statement-breakpoint
CREATE INDEX "episode_views_user_episode_idx" ON "episode_views" USING btree ("user_id","episode_id","viewed_at");--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_search_vector_idx" ON "content" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "content_genres_idx" ON "content" USING gin ("genres");--> statement-breakpoint
CREATE INDEX "content_published_idx" ON "content" USING btree ("published_at") WHERE "content"."status" = 'published';--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_release_status_check" CHECK ("content"."release_status" in ('ongoing', 'completed', 'hiatus'));--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_reading_direction_check" CHECK ("content"."reading_direction" in ('ltr', 'rtl'));--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_writing_mode_check" CHECK ("content"."writing_mode" in ('horizontal', 'vertical'));