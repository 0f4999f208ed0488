CREATE TABLE "club_meeting_rsvps" (
	"meeting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"response" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_meeting_rsvps_meeting_id_user_id_pk" PRIMARY KEY("meeting_id","user_id"),
	CONSTRAINT "club_meeting_rsvps_response_check" CHECK ("club_meeting_rsvps"."response" in ('going', 'maybe', 'not_going'))
);
--> statement-breakpoint
CREATE TABLE "club_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid NOT NULL,
	"created_by" uuid,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"online_url" text,
	"place" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_meetings_duration_check" CHECK ("club_meetings"."duration_minutes" between 15 and 480)
);
--> statement-breakpoint
CREATE TABLE "club_poll_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poll_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"label" text NOT NULL,
	"content_id" uuid
);
--> statement-breakpoint
CREATE TABLE "club_poll_votes" (
	"poll_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	"rank" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_poll_votes_poll_id_user_id_option_id_pk" PRIMARY KEY("poll_id","user_id","option_id"),
	CONSTRAINT "club_poll_votes_rank_check" CHECK ("club_poll_votes"."rank" > 0)
);
--> statement-breakpoint
CREATE TABLE "club_polls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid NOT NULL,
	"author_id" uuid,
	"question" text NOT NULL,
	"kind" text NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_polls_kind_check" CHECK ("club_polls"."kind" in ('single', 'multiple', 'ranked'))
);
--> statement-breakpoint
ALTER TABLE "club_meeting_rsvps" ADD CONSTRAINT "club_meeting_rsvps_meeting_id_club_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."club_meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_meeting_rsvps" ADD CONSTRAINT "club_meeting_rsvps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_meetings" ADD CONSTRAINT "club_meetings_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_meetings" ADD CONSTRAINT "club_meetings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_poll_options" ADD CONSTRAINT "club_poll_options_poll_id_club_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."club_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_poll_options" ADD CONSTRAINT "club_poll_options_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_poll_votes" ADD CONSTRAINT "club_poll_votes_poll_id_club_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."club_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_poll_votes" ADD CONSTRAINT "club_poll_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_poll_votes" ADD CONSTRAINT "club_poll_votes_option_id_club_poll_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."club_poll_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_polls" ADD CONSTRAINT "club_polls_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_polls" ADD CONSTRAINT "club_polls_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_meetings_club_idx" ON "club_meetings" USING btree ("club_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "club_poll_options_position_key" ON "club_poll_options" USING btree ("poll_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "club_poll_votes_rank_key" ON "club_poll_votes" USING btree ("poll_id","user_id","rank");--> statement-breakpoint
CREATE INDEX "club_polls_club_idx" ON "club_polls" USING btree ("club_id","created_at");