CREATE TABLE "league_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"week_start" date NOT NULL,
	"tier" text NOT NULL,
	"number" integer NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "league_groups_tier_check" CHECK ("league_groups"."tier" in ('bronze', 'silver', 'gold', 'sapphire', 'ruby', 'emerald', 'amethyst', 'pearl', 'obsidian', 'diamond')),
	CONSTRAINT "league_groups_member_count_check" CHECK ("league_groups"."member_count" between 0 and 30)
);
--> statement-breakpoint
CREATE TABLE "league_members" (
	"user_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"tier" text NOT NULL,
	"group_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "league_members_user_id_week_start_pk" PRIMARY KEY("user_id","week_start"),
	CONSTRAINT "league_members_tier_check" CHECK ("league_members"."tier" in ('bronze', 'silver', 'gold', 'sapphire', 'ruby', 'emerald', 'amethyst', 'pearl', 'obsidian', 'diamond'))
);
--> statement-breakpoint
CREATE TABLE "league_results" (
	"user_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"group_id" uuid NOT NULL,
	"tier" text NOT NULL,
	"rank" integer NOT NULL,
	"xp" integer NOT NULL,
	"outcome" text NOT NULL,
	"next_tier" text NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"grant_id" uuid,
	CONSTRAINT "league_results_user_id_week_start_pk" PRIMARY KEY("user_id","week_start"),
	CONSTRAINT "league_results_tier_check" CHECK ("league_results"."tier" in ('bronze', 'silver', 'gold', 'sapphire', 'ruby', 'emerald', 'amethyst', 'pearl', 'obsidian', 'diamond')),
	CONSTRAINT "league_results_next_tier_check" CHECK ("league_results"."next_tier" in ('bronze', 'silver', 'gold', 'sapphire', 'ruby', 'emerald', 'amethyst', 'pearl', 'obsidian', 'diamond')),
	CONSTRAINT "league_results_outcome_check" CHECK ("league_results"."outcome" in ('promoted', 'stayed', 'demoted')),
	CONSTRAINT "league_results_rank_check" CHECK ("league_results"."rank" >= 1)
);
--> statement-breakpoint
CREATE TABLE "league_weeks" (
	"week_start" date PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reward_rules" DROP CONSTRAINT "reward_rules_key_check";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "leaderboard_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "league_groups" ADD CONSTRAINT "league_groups_week_start_league_weeks_week_start_fk" FOREIGN KEY ("week_start") REFERENCES "public"."league_weeks"("week_start") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_members" ADD CONSTRAINT "league_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_members" ADD CONSTRAINT "league_members_group_id_league_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."league_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_results" ADD CONSTRAINT "league_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_results" ADD CONSTRAINT "league_results_group_id_league_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."league_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_results" ADD CONSTRAINT "league_results_grant_id_reward_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."reward_grants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "league_groups_number_idx" ON "league_groups" USING btree ("week_start","tier","number");--> statement-breakpoint
CREATE INDEX "league_groups_open_idx" ON "league_groups" USING btree ("week_start") WHERE "league_groups"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "league_members_group_idx" ON "league_members" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "league_results_group_idx" ON "league_results" USING btree ("group_id","rank");--> statement-breakpoint
ALTER TABLE "reward_rules" ADD CONSTRAINT "reward_rules_key_check" CHECK ("reward_rules"."key" in ('checkin_day_1', 'checkin_day_2', 'checkin_day_3', 'checkin_day_4', 'checkin_day_5', 'checkin_day_6', 'checkin_day_7', 'streak_milestone', 'league_rank_1', 'league_rank_2', 'league_rank_3', 'xp_reading_minutes', 'xp_listening_minutes', 'xp_episode_completed', 'xp_title_finished', 'xp_club_post'));