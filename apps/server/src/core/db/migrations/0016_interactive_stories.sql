CREATE TABLE "stat_presets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"stats" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"genre" text,
	"age_rating" smallint DEFAULT 13 NOT NULL,
	"cover_key" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"author_id" uuid,
	"stat_preset_id" uuid,
	"own_stats" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_scene_id" text,
	"revision" integer DEFAULT 0 NOT NULL,
	"scene_count" integer DEFAULT 0 NOT NULL,
	"version_id" uuid,
	"version_number" integer,
	"has_unpublished_changes" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stories_status_check" CHECK ("stories"."status" in ('draft', 'published', 'archived')),
	CONSTRAINT "stories_age_rating_check" CHECK ("stories"."age_rating" in (13, 16, 18))
);
--> statement-breakpoint
CREATE TABLE "story_choice_picks" (
	"story_id" uuid NOT NULL,
	"scene_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"choice_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_choice_picks_story_id_scene_id_user_id_pk" PRIMARY KEY("story_id","scene_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "story_choice_purchases" (
	"user_id" uuid NOT NULL,
	"story_id" uuid NOT NULL,
	"choice_id" text NOT NULL,
	"price_coins" integer NOT NULL,
	"entry_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_choice_purchases_user_id_story_id_choice_id_pk" PRIMARY KEY("user_id","story_id","choice_id")
);
--> statement-breakpoint
CREATE TABLE "story_choice_tallies" (
	"story_id" uuid NOT NULL,
	"scene_id" text NOT NULL,
	"choice_id" text NOT NULL,
	"picks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "story_choice_tallies_story_id_scene_id_choice_id_pk" PRIMARY KEY("story_id","scene_id","choice_id")
);
--> statement-breakpoint
CREATE TABLE "story_draft_scenes" (
	"story_id" uuid NOT NULL,
	"scene_id" text NOT NULL,
	"ordinal" integer NOT NULL,
	"scene" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_draft_scenes_story_id_scene_id_pk" PRIMARY KEY("story_id","scene_id")
);
--> statement-breakpoint
CREATE TABLE "story_endings_found" (
	"user_id" uuid NOT NULL,
	"story_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_endings_found_user_id_story_id_name_pk" PRIMARY KEY("user_id","story_id","name")
);
--> statement-breakpoint
CREATE TABLE "story_plays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"story_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"scene_id" text NOT NULL,
	"values" jsonb NOT NULL,
	"is_current" boolean DEFAULT true NOT NULL,
	"last_choice_scene_id" text,
	"last_choice_id" text,
	"last_choice_label" text,
	"last_share_percent" smallint,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_ratings" (
	"story_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"score" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_ratings_story_id_user_id_pk" PRIMARY KEY("story_id","user_id"),
	CONSTRAINT "story_ratings_score_check" CHECK ("story_ratings"."score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "story_readers" (
	"story_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_scene_id" text NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_readers_story_id_user_id_pk" PRIMARY KEY("story_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "story_saves" (
	"user_id" uuid NOT NULL,
	"story_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"version_id" uuid NOT NULL,
	"scene_id" text NOT NULL,
	"values" jsonb NOT NULL,
	"excerpt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_saves_user_id_story_id_slot_pk" PRIMARY KEY("user_id","story_id","slot"),
	CONSTRAINT "story_saves_slot_check" CHECK ("story_saves"."slot" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "story_scene_visits" (
	"story_id" uuid NOT NULL,
	"scene_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_scene_visits_story_id_scene_id_user_id_pk" PRIMARY KEY("story_id","scene_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "story_version_scenes" (
	"version_id" uuid NOT NULL,
	"scene_id" text NOT NULL,
	"ordinal" integer NOT NULL,
	"scene" jsonb NOT NULL,
	CONSTRAINT "story_version_scenes_version_id_scene_id_pk" PRIMARY KEY("version_id","scene_id")
);
--> statement-breakpoint
CREATE TABLE "story_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"story_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"start_scene_id" text NOT NULL,
	"stats" jsonb NOT NULL,
	"scene_count" integer NOT NULL,
	"endings" jsonb NOT NULL,
	"estimated_minutes" integer NOT NULL,
	"has_premium_choices" boolean NOT NULL,
	"published_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_stat_preset_id_stat_presets_id_fk" FOREIGN KEY ("stat_preset_id") REFERENCES "public"."stat_presets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_choice_picks" ADD CONSTRAINT "story_choice_picks_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_choice_picks" ADD CONSTRAINT "story_choice_picks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_choice_purchases" ADD CONSTRAINT "story_choice_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_choice_purchases" ADD CONSTRAINT "story_choice_purchases_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_choice_purchases" ADD CONSTRAINT "story_choice_purchases_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_choice_tallies" ADD CONSTRAINT "story_choice_tallies_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_draft_scenes" ADD CONSTRAINT "story_draft_scenes_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_endings_found" ADD CONSTRAINT "story_endings_found_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_endings_found" ADD CONSTRAINT "story_endings_found_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_plays" ADD CONSTRAINT "story_plays_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_plays" ADD CONSTRAINT "story_plays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_plays" ADD CONSTRAINT "story_plays_version_id_story_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."story_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_ratings" ADD CONSTRAINT "story_ratings_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_ratings" ADD CONSTRAINT "story_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_readers" ADD CONSTRAINT "story_readers_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_readers" ADD CONSTRAINT "story_readers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_saves" ADD CONSTRAINT "story_saves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_saves" ADD CONSTRAINT "story_saves_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_saves" ADD CONSTRAINT "story_saves_version_id_story_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."story_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_scene_visits" ADD CONSTRAINT "story_scene_visits_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_scene_visits" ADD CONSTRAINT "story_scene_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_version_scenes" ADD CONSTRAINT "story_version_scenes_version_id_story_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."story_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_versions" ADD CONSTRAINT "story_versions_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_versions" ADD CONSTRAINT "story_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stat_presets_name_key" ON "stat_presets" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "stories_catalogue_idx" ON "stories" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "stories_preset_idx" ON "stories" USING btree ("stat_preset_id");--> statement-breakpoint
CREATE INDEX "story_endings_found_created_idx" ON "story_endings_found" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "story_plays_current_key" ON "story_plays" USING btree ("user_id","story_id") WHERE "story_plays"."is_current";--> statement-breakpoint
CREATE INDEX "story_plays_story_idx" ON "story_plays" USING btree ("story_id","created_at");--> statement-breakpoint
CREATE INDEX "story_plays_created_idx" ON "story_plays" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "story_readers_user_idx" ON "story_readers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "story_versions_number_key" ON "story_versions" USING btree ("story_id","number");