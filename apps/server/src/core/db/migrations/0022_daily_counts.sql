CREATE TABLE "daily_active_people" (
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "daily_active_people_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "daily_counts" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_counts_day_metric_shard_pk" PRIMARY KEY("day","metric","shard")
);
--> statement-breakpoint
ALTER TABLE "daily_active_people" ADD CONSTRAINT "daily_active_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
