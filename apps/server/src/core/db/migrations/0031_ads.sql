CREATE TABLE "ad_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"is_house" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" uuid,
	"target_url" text,
	"headline" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"cta" text NOT NULL,
	"image_key" text,
	"placements" text[] NOT NULL,
	"content_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_age" smallint DEFAULT 13 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'in_review' NOT NULL,
	"priority" text,
	"pricing" text,
	"rates_milli" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"budget_coins" integer,
	"spent_milli" bigint DEFAULT 0 NOT NULL,
	"held_coins" integer DEFAULT 0 NOT NULL,
	"settled_coins" integer DEFAULT 0 NOT NULL,
	"released_coins" integer DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"viewable" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"rejection_reason" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_campaigns_target_kind_check" CHECK ("ad_campaigns"."target_kind" in ('title', 'club', 'story', 'reel', 'plan', 'link')),
	CONSTRAINT "ad_campaigns_status_check" CHECK ("ad_campaigns"."status" in ('in_review', 'rejected', 'active', 'paused', 'stopped', 'ended')),
	CONSTRAINT "ad_campaigns_cta_check" CHECK ("ad_campaigns"."cta" in ('Read now', 'Listen now', 'Watch now', 'Play now', 'Join the club', 'See plans', 'Learn more')),
	CONSTRAINT "ad_campaigns_kind_check" CHECK (("ad_campaigns"."is_house" and "ad_campaigns"."priority" is not null and "ad_campaigns"."pricing" is null and "ad_campaigns"."budget_coins" is null)
        or (not "ad_campaigns"."is_house" and "ad_campaigns"."priority" is null and "ad_campaigns"."pricing" is not null and "ad_campaigns"."budget_coins" > 0)),
	CONSTRAINT "ad_campaigns_schedule_check" CHECK ("ad_campaigns"."ends_at" > "ad_campaigns"."starts_at"),
	CONSTRAINT "ad_campaigns_min_age_check" CHECK ("ad_campaigns"."min_age" in (13, 16, 18)),
	CONSTRAINT "ad_campaigns_money_check" CHECK ("ad_campaigns"."spent_milli" >= 0 and "ad_campaigns"."settled_coins" >= 0 and "ad_campaigns"."released_coins" >= 0
        and "ad_campaigns"."settled_coins" + "ad_campaigns"."released_coins" <= "ad_campaigns"."held_coins"
        and ("ad_campaigns"."budget_coins" is null or "ad_campaigns"."spent_milli" <= "ad_campaigns"."budget_coins"::bigint * 1000)
        and "ad_campaigns"."settled_coins"::bigint * 1000 <= "ad_campaigns"."spent_milli")
);
--> statement-breakpoint
CREATE TABLE "ad_daily" (
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"viewable" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"spent_milli" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_daily_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "ad_events" (
	"impression_id" text NOT NULL,
	"kind" text NOT NULL,
	"campaign_id" uuid NOT NULL,
	"placement" text NOT NULL,
	"user_id" uuid,
	"charged_milli" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_events_impression_id_kind_pk" PRIMARY KEY("impression_id","kind"),
	CONSTRAINT "ad_events_kind_check" CHECK ("ad_events"."kind" in ('impression', 'viewable', 'click'))
);
--> statement-breakpoint
CREATE TABLE "ad_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_daily" ADD CONSTRAINT "ad_daily_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_events" ADD CONSTRAINT "ad_events_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_events" ADD CONSTRAINT "ad_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_campaigns_owner_idx" ON "ad_campaigns" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "ad_campaigns_status_idx" ON "ad_campaigns" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "ad_events_clicks_idx" ON "ad_events" USING btree ("campaign_id","created_at") WHERE "ad_events"."kind" = 'click';--> statement-breakpoint
CREATE INDEX "ad_events_created_idx" ON "ad_events" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('purchased', 'bonus', 'sales', 'promotions', 'spending', 'expired', 'ad_holds', 'ad_revenue'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('purchase', 'grant', 'unlock', 'expiry', 'reversal', 'ad_hold', 'ad_spend', 'ad_release'));