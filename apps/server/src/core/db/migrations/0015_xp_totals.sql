CREATE TABLE "xp_total_counts" (
	"xp" integer PRIMARY KEY NOT NULL,
	"people" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "xp_total_counts_people_check" CHECK ("xp_total_counts"."people" >= 0)
);
--> statement-breakpoint
CREATE TABLE "xp_totals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"last_xp_at" timestamp with time zone,
	CONSTRAINT "xp_totals_xp_check" CHECK ("xp_totals"."xp" >= 0)
);
--> statement-breakpoint
ALTER TABLE "xp_totals" ADD CONSTRAINT "xp_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "xp_totals_board_idx" ON "xp_totals" USING btree ("xp" DESC NULLS LAST,"last_xp_at","user_id");--> statement-breakpoint
CREATE INDEX "profiles_leaderboard_opt_out_idx" ON "profiles" USING btree ("user_id") WHERE "profiles"."leaderboard_opt_out";--> statement-breakpoint
-- Everyone's total so far, as the board summed it from the events; awardXp keeps it from here on.
INSERT INTO "xp_totals" ("user_id", "xp", "last_xp_at")
SELECT "user_id", sum("amount"), max("occurred_at") FILTER (WHERE "amount" > 0)
FROM "xp_events"
GROUP BY "user_id"
HAVING sum("amount") > 0;
--> statement-breakpoint
INSERT INTO "xp_total_counts" ("xp", "people")
SELECT "xp", count(*) FROM "xp_totals" WHERE "xp" > 0 GROUP BY "xp";
--> statement-breakpoint
-- The count of people at each total follows every change of a total in its own transaction. An
-- award moves one person from a lower total to a higher one, so each transaction locks these rows
-- in ascending order and two awards never wait on each other in a circle. The no-op update that
-- locks a person's total at the start of an award changes no count.
CREATE FUNCTION xp_totals_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.xp > 0 THEN
    UPDATE xp_total_counts SET people = people - 1 WHERE xp = OLD.xp;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.xp > 0 THEN
    INSERT INTO xp_total_counts (xp, people) VALUES (NEW.xp, 1)
    ON CONFLICT (xp) DO UPDATE SET people = xp_total_counts.people + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER xp_totals_counted AFTER INSERT OR DELETE ON xp_totals
  FOR EACH ROW EXECUTE FUNCTION xp_totals_count();
--> statement-breakpoint
CREATE TRIGGER xp_totals_recounted AFTER UPDATE OF xp ON xp_totals
  FOR EACH ROW WHEN (OLD.xp IS DISTINCT FROM NEW.xp) EXECUTE FUNCTION xp_totals_count();
