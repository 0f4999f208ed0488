CREATE TABLE "badge_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"measure" text NOT NULL,
	"thresholds" integer[] NOT NULL,
	"icon" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badge_definitions_key_unique" UNIQUE("key"),
	CONSTRAINT "badge_definitions_measure_check" CHECK ("badge_definitions"."measure" in ('titles_finished', 'comics_finished', 'episodes_completed', 'best_streak', 'check_ins', 'night_owl_days', 'languages_read', 'clubs_founded', 'club_posts')),
	CONSTRAINT "badge_definitions_icon_check" CHECK ("badge_definitions"."icon" in ('book-open', 'books', 'image', 'flame', 'calendar-check', 'moon', 'languages', 'users', 'message-circle', 'trophy', 'star', 'headphones')),
	CONSTRAINT "badge_definitions_thresholds_check" CHECK (cardinality("badge_definitions"."thresholds") between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "badge_measure_marks" (
	"user_id" uuid NOT NULL,
	"measure" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badge_measure_marks_user_id_measure_key_pk" PRIMARY KEY("user_id","measure","key")
);
--> statement-breakpoint
CREATE TABLE "badge_measures" (
	"user_id" uuid NOT NULL,
	"measure" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badge_measures_user_id_measure_pk" PRIMARY KEY("user_id","measure"),
	CONSTRAINT "badge_measures_measure_check" CHECK ("badge_measures"."measure" in ('titles_finished', 'comics_finished', 'episodes_completed', 'best_streak', 'check_ins', 'night_owl_days', 'languages_read', 'clubs_founded', 'club_posts'))
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"user_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"cycle_day" smallint NOT NULL,
	"streak" integer NOT NULL,
	"grant_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_ins_user_id_local_date_pk" PRIMARY KEY("user_id","local_date"),
	CONSTRAINT "check_ins_cycle_day_check" CHECK ("check_ins"."cycle_day" between 1 and 7),
	CONSTRAINT "check_ins_streak_check" CHECK ("check_ins"."streak" >= 1)
);
--> statement-breakpoint
CREATE TABLE "earned_badges" (
	"user_id" uuid NOT NULL,
	"badge_id" uuid NOT NULL,
	"tier" smallint NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "earned_badges_user_id_badge_id_tier_pk" PRIMARY KEY("user_id","badge_id","tier"),
	CONSTRAINT "earned_badges_tier_check" CHECK ("earned_badges"."tier" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "reading_goals" (
	"user_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"target" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_goals_user_id_year_pk" PRIMARY KEY("user_id","year"),
	CONSTRAINT "reading_goals_target_check" CHECK ("reading_goals"."target" >= 1)
);
--> statement-breakpoint
CREATE TABLE "reward_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"rule_key" text NOT NULL,
	"period" text NOT NULL,
	"coins" integer NOT NULL,
	"entry_id" uuid NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"revoke_reason" text,
	"reversal_entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_grants_entry_id_unique" UNIQUE("entry_id"),
	CONSTRAINT "reward_grants_coins_check" CHECK ("reward_grants"."coins" > 0),
	CONSTRAINT "reward_grants_revoked_check" CHECK (("reward_grants"."revoked_at" is null) = ("reward_grants"."reversal_entry_id" is null))
);
--> statement-breakpoint
CREATE TABLE "reward_rules" (
	"key" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"daily_cap" integer,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_rules_key_check" CHECK ("reward_rules"."key" in ('checkin_day_1', 'checkin_day_2', 'checkin_day_3', 'checkin_day_4', 'checkin_day_5', 'checkin_day_6', 'checkin_day_7', 'streak_milestone', 'xp_reading_minutes', 'xp_listening_minutes', 'xp_episode_completed', 'xp_title_finished', 'xp_club_post')),
	CONSTRAINT "reward_rules_amount_check" CHECK ("reward_rules"."amount" >= 0),
	CONSTRAINT "reward_rules_daily_cap_check" CHECK ("reward_rules"."daily_cap" is null or "reward_rules"."daily_cap" >= 0)
);
--> statement-breakpoint
CREATE TABLE "streaks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"current" integer NOT NULL,
	"best" integer NOT NULL,
	"last_date" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streaks_lengths_check" CHECK ("streaks"."current" >= 1 and "streaks"."best" >= "streaks"."current")
);
--> statement-breakpoint
CREATE TABLE "title_completions" (
	"user_id" uuid NOT NULL,
	"content_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"local_date" date NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "title_completions_user_id_content_id_pk" PRIMARY KEY("user_id","content_id")
);
--> statement-breakpoint
CREATE TABLE "xp_daily" (
	"user_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"source" text NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "xp_daily_user_id_local_date_source_pk" PRIMARY KEY("user_id","local_date","source"),
	CONSTRAINT "xp_daily_source_check" CHECK ("xp_daily"."source" in ('reading_minutes', 'listening_minutes', 'episode_completed', 'title_finished', 'club_post')),
	CONSTRAINT "xp_daily_counts_check" CHECK ("xp_daily"."units" >= 0 and "xp_daily"."xp" >= 0)
);
--> statement-breakpoint
CREATE TABLE "xp_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"amount" integer NOT NULL,
	"local_date" date NOT NULL,
	"dedupe_key" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xp_events_source_check" CHECK ("xp_events"."source" in ('reading_minutes', 'listening_minutes', 'episode_completed', 'title_finished', 'club_post')),
	CONSTRAINT "xp_events_amount_check" CHECK ("xp_events"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "badge_definitions" ADD CONSTRAINT "badge_definitions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_measure_marks" ADD CONSTRAINT "badge_measure_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_measures" ADD CONSTRAINT "badge_measures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_grant_id_reward_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."reward_grants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earned_badges" ADD CONSTRAINT "earned_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earned_badges" ADD CONSTRAINT "earned_badges_badge_id_badge_definitions_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badge_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_goals" ADD CONSTRAINT "reading_goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_grants" ADD CONSTRAINT "reward_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_grants" ADD CONSTRAINT "reward_grants_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_grants" ADD CONSTRAINT "reward_grants_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_grants" ADD CONSTRAINT "reward_grants_reversal_entry_id_ledger_entries_id_fk" FOREIGN KEY ("reversal_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_rules" ADD CONSTRAINT "reward_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streaks" ADD CONSTRAINT "streaks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_completions" ADD CONSTRAINT "title_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_completions" ADD CONSTRAINT "title_completions_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_daily" ADD CONSTRAINT "xp_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_events" ADD CONSTRAINT "xp_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badge_definitions_measure_idx" ON "badge_definitions" USING btree ("measure");--> statement-breakpoint
CREATE INDEX "badge_measures_measure_value_idx" ON "badge_measures" USING btree ("measure","value");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_grants_once_idx" ON "reward_grants" USING btree ("user_id","rule_key","period");--> statement-breakpoint
CREATE INDEX "reward_grants_created_idx" ON "reward_grants" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reward_grants_user_created_idx" ON "reward_grants" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "title_completions_user_date_idx" ON "title_completions" USING btree ("user_id","local_date");--> statement-breakpoint
CREATE UNIQUE INDEX "xp_events_dedupe_idx" ON "xp_events" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "xp_events_user_occurred_idx" ON "xp_events" USING btree ("user_id","occurred_at","amount");