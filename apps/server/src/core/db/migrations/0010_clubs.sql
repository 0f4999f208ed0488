CREATE TABLE "club_members" (
	"club_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"status" text NOT NULL,
	"invited_by" uuid,
	"muted_until" timestamp with time zone,
	"joined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_members_club_id_user_id_pk" PRIMARY KEY("club_id","user_id"),
	CONSTRAINT "club_members_role_check" CHECK ("club_members"."role" in ('owner', 'moderator', 'member')),
	CONSTRAINT "club_members_status_check" CHECK ("club_members"."status" in ('active', 'requested', 'invited'))
);
--> statement-breakpoint
CREATE TABLE "club_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"read_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"from_episode" integer NOT NULL,
	"to_episode" integer NOT NULL,
	"due_on" date NOT NULL,
	CONSTRAINT "club_milestones_range_check" CHECK ("club_milestones"."from_episode" between 1 and "club_milestones"."to_episode")
);
--> statement-breakpoint
CREATE TABLE "club_post_reactions" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reaction" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_post_reactions_post_id_user_id_reaction_pk" PRIMARY KEY("post_id","user_id","reaction"),
	CONSTRAINT "club_post_reactions_reaction_check" CHECK ("club_post_reactions"."reaction" in ('👍', '❤️', '😂', '😮', '😢', '🔥'))
);
--> statement-breakpoint
CREATE TABLE "club_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid NOT NULL,
	"read_id" uuid,
	"milestone_id" uuid,
	"parent_id" uuid,
	"author_id" uuid,
	"body" text NOT NULL,
	"spoiler_episode" integer,
	"image_key" text,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_posts_spoiler_check" CHECK ("club_posts"."spoiler_episode" is null or "club_posts"."spoiler_episode" > 0)
);
--> statement-breakpoint
CREATE TABLE "club_read_ratings" (
	"read_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_read_ratings_read_id_user_id_pk" PRIMARY KEY("read_id","user_id"),
	CONSTRAINT "club_read_ratings_rating_check" CHECK ("club_read_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "club_reads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid NOT NULL,
	"content_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "club_spoiler_reveals" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_spoiler_reveals_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "clubs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"cover_key" text,
	"privacy" text DEFAULT 'public' NOT NULL,
	"owner_id" uuid NOT NULL,
	"member_limit" integer NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"invite_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clubs_privacy_check" CHECK ("clubs"."privacy" in ('public', 'private', 'secret')),
	CONSTRAINT "clubs_member_count_check" CHECK ("clubs"."member_count" between 0 and "clubs"."member_limit")
);
--> statement-breakpoint
ALTER TABLE "club_members" ADD CONSTRAINT "club_members_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_members" ADD CONSTRAINT "club_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_members" ADD CONSTRAINT "club_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_milestones" ADD CONSTRAINT "club_milestones_read_id_club_reads_id_fk" FOREIGN KEY ("read_id") REFERENCES "public"."club_reads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_post_reactions" ADD CONSTRAINT "club_post_reactions_post_id_club_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."club_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_post_reactions" ADD CONSTRAINT "club_post_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_posts" ADD CONSTRAINT "club_posts_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_posts" ADD CONSTRAINT "club_posts_read_id_club_reads_id_fk" FOREIGN KEY ("read_id") REFERENCES "public"."club_reads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_posts" ADD CONSTRAINT "club_posts_milestone_id_club_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."club_milestones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_posts" ADD CONSTRAINT "club_posts_parent_id_club_posts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."club_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_posts" ADD CONSTRAINT "club_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_read_ratings" ADD CONSTRAINT "club_read_ratings_read_id_club_reads_id_fk" FOREIGN KEY ("read_id") REFERENCES "public"."club_reads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_read_ratings" ADD CONSTRAINT "club_read_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_reads" ADD CONSTRAINT "club_reads_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_reads" ADD CONSTRAINT "club_reads_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_spoiler_reveals" ADD CONSTRAINT "club_spoiler_reveals_post_id_club_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."club_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_spoiler_reveals" ADD CONSTRAINT "club_spoiler_reveals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clubs" ADD CONSTRAINT "clubs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_members_user_idx" ON "club_members" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "club_members_owner_key" ON "club_members" USING btree ("club_id") WHERE "club_members"."role" = 'owner';--> statement-breakpoint
CREATE UNIQUE INDEX "club_milestones_read_position_key" ON "club_milestones" USING btree ("read_id","position");--> statement-breakpoint
CREATE INDEX "club_posts_thread_idx" ON "club_posts" USING btree ("club_id","milestone_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "club_posts"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "club_posts_parent_idx" ON "club_posts" USING btree ("parent_id","created_at");--> statement-breakpoint
CREATE INDEX "club_posts_author_idx" ON "club_posts" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "club_reads_current_key" ON "club_reads" USING btree ("club_id") WHERE "club_reads"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "club_reads_club_idx" ON "club_reads" USING btree ("club_id","started_at");--> statement-breakpoint
CREATE INDEX "club_reads_content_idx" ON "club_reads" USING btree ("content_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clubs_invite_code_key" ON "clubs" USING btree ("invite_code");--> statement-breakpoint
CREATE INDEX "clubs_discover_new_idx" ON "clubs" USING btree ("created_at") WHERE "clubs"."privacy" <> 'secret';--> statement-breakpoint
CREATE INDEX "clubs_discover_popular_idx" ON "clubs" USING btree ("member_count") WHERE "clubs"."privacy" <> 'secret';