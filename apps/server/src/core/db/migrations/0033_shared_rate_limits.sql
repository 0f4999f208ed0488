-- Unlogged: a budget check waits for no disk write and sends nothing to replicas; after a crash
-- or a failover the budgets start whole again, which costs a caller a few calls, never data.
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
