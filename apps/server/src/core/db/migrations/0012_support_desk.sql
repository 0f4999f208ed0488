CREATE TABLE "support_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer
);
--> statement-breakpoint
CREATE TABLE "support_canned_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_id" uuid,
	"kind" text NOT NULL,
	"from_agent" boolean DEFAULT false NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_kind_check" CHECK ("support_messages"."kind" in ('reply', 'note', 'event'))
);
--> statement-breakpoint
CREATE TABLE "support_sla_breaches" (
	"ticket_id" uuid NOT NULL,
	"target" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"breached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_sla_breaches_ticket_id_target_due_at_pk" PRIMARY KEY("ticket_id","target","due_at"),
	CONSTRAINT "support_sla_breaches_target_check" CHECK ("support_sla_breaches"."target" in ('first_reply', 'next_reply', 'resolution'))
);
--> statement-breakpoint
CREATE TABLE "support_sla_policies" (
	"priority" text PRIMARY KEY NOT NULL,
	"first_reply_minutes" integer NOT NULL,
	"next_reply_minutes" integer NOT NULL,
	"resolution_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_sla_policies_priority_check" CHECK ("support_sla_policies"."priority" in ('urgent', 'high', 'normal', 'low'))
);
--> statement-breakpoint
ALTER TABLE "support_tickets" DROP CONSTRAINT "support_tickets_status_check";--> statement-breakpoint
DROP INDEX "support_tickets_user_id_idx";--> statement-breakpoint
DROP INDEX "support_tickets_unattended_idx";--> statement-breakpoint
ALTER TABLE "support_tickets" ALTER COLUMN "status" SET DEFAULT 'new';--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "number" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "support_tickets_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1);--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "category" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "priority" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "unlock_id" uuid;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "first_reply_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "next_reply_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "resolution_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "paused_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "last_reply_by" text DEFAULT 'requester' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "last_message_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "rating_score" smallint;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "rating_comment" text;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
-- Tickets from before the desk: their statuses in the new set, and due times from the normal policy.
UPDATE "support_tickets" SET
	"status" = CASE "status" WHEN 'in_progress' THEN 'open' WHEN 'resolved' THEN 'solved' WHEN 'closed' THEN 'closed' ELSE CASE WHEN "first_response_at" IS NULL THEN 'new' ELSE 'open' END END,
	"first_reply_due_at" = "created_at" + interval '8 hours',
	"resolution_due_at" = "created_at" + interval '48 hours',
	"resolved_at" = CASE WHEN "status" IN ('resolved', 'closed') THEN "updated_at" END,
	"last_message_at" = "updated_at";--> statement-breakpoint
ALTER TABLE "support_tickets" ALTER COLUMN "first_reply_due_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ALTER COLUMN "resolution_due_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_message_id_support_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."support_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_canned_replies" ADD CONSTRAINT "support_canned_replies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_sla_breaches" ADD CONSTRAINT "support_sla_breaches_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_attachments_message_idx" ON "support_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "support_messages_ticket_idx" ON "support_messages" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "support_messages_author_idx" ON "support_messages" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "support_sla_breaches_breached_at_idx" ON "support_sla_breaches" USING btree ("breached_at");--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_unlock_id_episode_unlocks_id_fk" FOREIGN KEY ("unlock_id") REFERENCES "public"."episode_unlocks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_tickets_number_idx" ON "support_tickets" USING btree ("number");--> statement-breakpoint
CREATE INDEX "support_tickets_active_idx" ON "support_tickets" USING btree ("status","priority") WHERE "support_tickets"."status" not in ('solved', 'closed');--> statement-breakpoint
CREATE INDEX "support_tickets_created_at_idx" ON "support_tickets" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_user_id_idx" ON "support_tickets" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "support_tickets_unattended_idx" ON "support_tickets" USING btree ("created_at") WHERE "support_tickets"."first_response_at" is null and "support_tickets"."status" not in ('solved', 'closed');--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_priority_check" CHECK ("support_tickets"."priority" in ('urgent', 'high', 'normal', 'low'));--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_category_check" CHECK ("support_tickets"."category" in ('payments', 'account', 'content', 'technical', 'other'));--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_rating_check" CHECK ("support_tickets"."rating_score" is null or "support_tickets"."rating_score" between 1 and 5);--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_status_check" CHECK ("support_tickets"."status" in ('new', 'open', 'pending', 'on_hold', 'solved', 'closed'));