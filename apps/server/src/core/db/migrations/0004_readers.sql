CREATE TABLE "reading_marks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"content_id" uuid NOT NULL,
	"episode_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"locator" jsonb NOT NULL,
	"quote" text,
	"note" text,
	"color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_marks_kind_check" CHECK ("reading_marks"."kind" in ('bookmark', 'highlight'))
);
--> statement-breakpoint
ALTER TABLE "episode_progress" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "reading_marks" ADD CONSTRAINT "reading_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_marks" ADD CONSTRAINT "reading_marks_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_marks" ADD CONSTRAINT "reading_marks_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reading_marks_user_content_idx" ON "reading_marks" USING btree ("user_id","content_id");