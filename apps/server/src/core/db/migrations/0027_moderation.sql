CREATE TABLE "illegal_content_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"url" text NOT NULL,
	"explanation" text NOT NULL,
	"legal_ground" text NOT NULL,
	"sender_name" text NOT NULL,
	"sender_email" text NOT NULL,
	"sender_id" uuid,
	"item_id" uuid,
	"outcome" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"decision_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"explanation" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reply" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_appeals_state_check" CHECK ("moderation_appeals"."state" in ('pending', 'upheld', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "moderation_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"author_id" uuid,
	"action" text NOT NULL,
	"hidden_from" text,
	"rule" text,
	"legal_ground" text,
	"explanation" text NOT NULL,
	"suspended_days" integer,
	"is_automated" boolean DEFAULT false NOT NULL,
	"is_strike" boolean NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"appealable_until" timestamp with time zone NOT NULL,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "moderation_decisions_action_check" CHECK ("moderation_decisions"."action" in ('dismiss', 'hide', 'remove', 'restrict_earning', 'warn', 'suspend', 'ban')),
	CONSTRAINT "moderation_decisions_rule_check" CHECK ("moderation_decisions"."rule" is null or "moderation_decisions"."rule" in ('illegal_content', 'child_safety', 'self_harm', 'violence', 'harassment', 'hate', 'sexual_content', 'misinformation', 'intellectual_property', 'impersonation', 'spam', 'other'))
);
--> statement-breakpoint
CREATE TABLE "moderation_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"author_id" uuid,
	"label" text NOT NULL,
	"snapshot" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"severity" smallint DEFAULT 0 NOT NULL,
	"weight" real DEFAULT 0 NOT NULL,
	"open_reports" integer DEFAULT 0 NOT NULL,
	"has_notice" boolean DEFAULT false NOT NULL,
	"hidden_from" text,
	"auto_hidden_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"claimed_by" uuid,
	"claimed_at" timestamp with time zone,
	"first_reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_items_kind_check" CHECK ("moderation_items"."kind" in ('profile', 'profile_picture', 'message', 'club_post', 'club_poll', 'reel', 'reel_comment', 'story', 'title', 'ad', 'address')),
	CONSTRAINT "moderation_items_state_check" CHECK ("moderation_items"."state" in ('pending', 'decided')),
	CONSTRAINT "moderation_items_hidden_from_check" CHECK ("moderation_items"."hidden_from" is null or "moderation_items"."hidden_from" in ('everyone', 'minors'))
);
--> statement-breakpoint
CREATE TABLE "reporter_standing" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"upheld" integer DEFAULT 0 NOT NULL,
	"dismissed" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_target_kind_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_reason_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_status_check";--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reason" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "item_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "weight" real DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "source" text DEFAULT 'report' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "notice_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "earnings_frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "illegal_content_notices" ADD CONSTRAINT "illegal_content_notices_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "illegal_content_notices" ADD CONSTRAINT "illegal_content_notices_item_id_moderation_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."moderation_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_decision_id_moderation_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_item_id_moderation_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."moderation_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_notes" ADD CONSTRAINT "moderation_notes_item_id_moderation_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."moderation_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_notes" ADD CONSTRAINT "moderation_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporter_standing" ADD CONSTRAINT "reporter_standing_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "illegal_content_notices_reference_key" ON "illegal_content_notices" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_appeals_decision_key" ON "moderation_appeals" USING btree ("decision_id");--> statement-breakpoint
CREATE INDEX "moderation_appeals_pending_idx" ON "moderation_appeals" USING btree ("created_at") WHERE "moderation_appeals"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "moderation_decisions_item_idx" ON "moderation_decisions" USING btree ("item_id","decided_at");--> statement-breakpoint
CREATE INDEX "moderation_decisions_author_idx" ON "moderation_decisions" USING btree ("author_id","decided_at");--> statement-breakpoint
CREATE INDEX "moderation_decisions_decided_at_idx" ON "moderation_decisions" USING btree ("decided_at");--> statement-breakpoint
CREATE INDEX "moderation_notes_item_idx" ON "moderation_notes" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_items_target_key" ON "moderation_items" USING btree ("kind","target_id");--> statement-breakpoint
CREATE INDEX "moderation_items_queue_idx" ON "moderation_items" USING btree ("state","severity" DESC NULLS LAST,"weight" DESC NULLS LAST,"first_reported_at");--> statement-breakpoint
CREATE INDEX "moderation_items_hidden_idx" ON "moderation_items" USING btree ("kind","target_id","hidden_from") WHERE "moderation_items"."hidden_from" is not null;--> statement-breakpoint
CREATE INDEX "moderation_items_author_idx" ON "moderation_items" USING btree ("author_id");--> statement-breakpoint
-- Reports made before moderation: new kinds and categories, and one item per reported target.
UPDATE "reports" SET "target_kind" = CASE "target_kind" WHEN 'user' THEN 'profile' WHEN 'comment' THEN 'reel_comment' ELSE "target_kind" END;--> statement-breakpoint
UPDATE "reports" SET "category" = CASE "reason" WHEN 'harassment' THEN 'harassment_hate' WHEN 'hate' THEN 'harassment_hate' WHEN 'involves_minor' THEN 'illegal_content' ELSE "reason" END;--> statement-breakpoint
UPDATE "reports" SET "status" = 'upheld' WHERE "status" = 'resolved';--> statement-breakpoint
INSERT INTO "moderation_items" ("kind", "target_id", "author_id", "label", "snapshot", "state", "severity", "weight", "open_reports", "first_reported_at", "last_reported_at")
SELECT "target_kind", "target_id", (array_agg("target_user_id" ORDER BY "created_at"))[1],
  initcap(replace("target_kind", '_', ' ')), (array_agg("snapshot" ORDER BY "created_at"))[1],
  CASE WHEN bool_or("status" = 'open') THEN 'pending' ELSE 'decided' END,
  coalesce(max("severity") FILTER (WHERE "status" = 'open'), max("severity")),
  count(*) FILTER (WHERE "status" = 'open'), count(*) FILTER (WHERE "status" = 'open'),
  min("created_at"), max("created_at")
FROM (
  SELECT *, CASE "category" WHEN 'illegal_content' THEN 9 WHEN 'self_harm' THEN 8 WHEN 'violence' THEN 7
    WHEN 'harassment_hate' THEN 6 WHEN 'sexual_content' THEN 5 WHEN 'misinformation' THEN 4
    WHEN 'intellectual_property' THEN 3 WHEN 'spam' THEN 2 ELSE 1 END AS "severity"
  FROM "reports"
) AS "graded"
GROUP BY "target_kind", "target_id";--> statement-breakpoint
UPDATE "reports" SET "item_id" = "moderation_items"."id" FROM "moderation_items"
WHERE "moderation_items"."kind" = "reports"."target_kind" AND "moderation_items"."target_id" = "reports"."target_id";--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_item_id_moderation_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."moderation_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_item_idx" ON "reports" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_category_check" CHECK ("reports"."category" is null or "reports"."category" in ('illegal_content', 'self_harm', 'violence', 'harassment_hate', 'sexual_content', 'misinformation', 'intellectual_property', 'spam', 'other'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_source_check" CHECK ("reports"."source" in ('report', 'notice'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'upheld', 'dismissed'));