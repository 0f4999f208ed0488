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
ALTER TABLE "daily_active_people" ADD CONSTRAINT "daily_active_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What happened before counting began, counted once from the events themselves (the services count
-- each new event as it happens). Who was active on past days is not known and starts today.
INSERT INTO "daily_counts" ("day", "metric", "value")
SELECT (created_at AT TIME ZONE 'UTC')::date, 'people.signed_up', count(*) FROM users GROUP BY 1
UNION ALL
SELECT day, 'reading.' || kind || '_seconds', sum(seconds) FROM activity_time GROUP BY day, kind
UNION ALL
SELECT (completed_at AT TIME ZONE 'UTC')::date, 'reading.episodes_finished', count(*)
  FROM episode_progress WHERE completed_at IS NOT NULL GROUP BY 1
UNION ALL
SELECT (e.created_at AT TIME ZONE 'UTC')::date, 'coins.bought', sum(p.amount)
  FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
  WHERE e.kind = 'purchase' AND a.user_id IS NOT NULL AND p.amount > 0 GROUP BY 1
UNION ALL
SELECT (e.created_at AT TIME ZONE 'UTC')::date, 'coins.spent', sum(p.amount)
  FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
  WHERE e.kind = 'unlock' AND a.user_id IS NULL AND p.amount > 0 GROUP BY 1
UNION ALL
SELECT (paid_at AT TIME ZONE 'UTC')::date, 'money.paid:' || currency, sum(amount_minor)
  FROM payments WHERE paid_at IS NOT NULL GROUP BY 1, currency
UNION ALL
SELECT (created_at AT TIME ZONE 'UTC')::date, 'community.messages', count(*) FROM messages GROUP BY 1
UNION ALL
SELECT (created_at AT TIME ZONE 'UTC')::date, 'community.club_posts', count(*) FROM club_posts GROUP BY 1
UNION ALL
SELECT (created_at AT TIME ZONE 'UTC')::date, 'support.tickets_opened', count(*) FROM support_tickets GROUP BY 1
UNION ALL
SELECT (created_at AT TIME ZONE 'UTC')::date, 'moderation.reports_filed', count(*) FROM reports GROUP BY 1;
