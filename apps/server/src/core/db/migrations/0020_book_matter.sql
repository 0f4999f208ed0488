CREATE TABLE "book_matter" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_id" uuid NOT NULL,
	"placement" text NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"payload" jsonb NOT NULL,
	"word_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_matter_placement_check" CHECK ("book_matter"."placement" in ('front', 'back')),
	CONSTRAINT "book_matter_position_check" CHECK ("book_matter"."position" > 0)
);
--> statement-breakpoint
ALTER TABLE "book_matter" ADD CONSTRAINT "book_matter_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "book_matter_content_id_position_key" ON "book_matter" USING btree ("content_id","position");