CREATE TABLE "coin_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"coins" integer NOT NULL,
	"bonus_coins" integer DEFAULT 0 NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_packages_coins_check" CHECK ("coin_packages"."coins" > 0 and "coin_packages"."bonus_coins" >= 0),
	CONSTRAINT "coin_packages_price_check" CHECK ("coin_packages"."price_minor" > 0),
	CONSTRAINT "coin_packages_currency_check" CHECK ("coin_packages"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "episode_unlocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"content_id" uuid NOT NULL,
	"episode_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"entry_id" uuid,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episode_unlocks_kind_check" CHECK ("episode_unlocks"."kind" in ('coins', 'bulk', 'wait_free', 'rental')),
	CONSTRAINT "episode_unlocks_rental_check" CHECK (("episode_unlocks"."kind" = 'rental') = ("episode_unlocks"."expires_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"expires_at" timestamp with time zone,
	"balance" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('purchased', 'bonus', 'sales', 'promotions', 'spending', 'expired')),
	CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."kind" in ('purchased', 'bonus')) = ("ledger_accounts"."user_id" is not null)),
	CONSTRAINT "ledger_accounts_expiry_check" CHECK (("ledger_accounts"."kind" = 'bonus') = ("ledger_accounts"."expires_at" is not null)),
	CONSTRAINT "ledger_accounts_no_overdraft_check" CHECK ("ledger_accounts"."kind" not in ('purchased', 'bonus') or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text,
	"reverses_entry_id" uuid,
	"memo" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_reverses_entry_id_unique" UNIQUE("reverses_entry_id"),
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('purchase', 'grant', 'unlock', 'expiry', 'reversal')),
	CONSTRAINT "ledger_entries_reversal_check" CHECK (("ledger_entries"."kind" = 'reversal') = ("ledger_entries"."reverses_entry_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "ledger_postings_amount_check" CHECK ("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"package_id" uuid,
	"subscription_id" uuid,
	"provider" text NOT NULL,
	"provider_reference" text,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"bonus_coins" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"return_to" text,
	"failure_reason" text,
	"credit_entry_id" uuid,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_credit_entry_id_unique" UNIQUE("credit_entry_id"),
	CONSTRAINT "payments_purpose_check" CHECK ("payments"."purpose" in ('coins', 'subscription')),
	CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('sandbox', 'stripe', 'paystack')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'paid', 'failed', 'canceled', 'refunded')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_minor" > 0),
	CONSTRAINT "payments_coins_check" CHECK ("payments"."coins" >= 0 and "payments"."bonus_coins" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"interval" text NOT NULL,
	"tier" text NOT NULL,
	"monthly_bonus_coins" integer DEFAULT 0 NOT NULL,
	"benefits" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"provider_plan_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_price_check" CHECK ("subscription_plans"."price_minor" > 0),
	CONSTRAINT "subscription_plans_bonus_check" CHECK ("subscription_plans"."monthly_bonus_coins" >= 0),
	CONSTRAINT "subscription_plans_currency_check" CHECK ("subscription_plans"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "subscription_plans_interval_check" CHECK ("subscription_plans"."interval" in ('month', 'year')),
	CONSTRAINT "subscription_plans_tier_check" CHECK ("subscription_plans"."tier" in ('premium', 'vvip'))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_provider_check" CHECK ("subscriptions"."provider" in ('sandbox', 'stripe', 'paystack')),
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('incomplete', 'active', 'past_due', 'canceled', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "vvip_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"granted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"revoke_reason" text
);
--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "bulk_discount_percent" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "wait_for_free_hours" integer;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "rental_price_coins" integer;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "rental_hours" integer;--> statement-breakpoint
ALTER TABLE "episode_unlocks" ADD CONSTRAINT "episode_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_unlocks" ADD CONSTRAINT "episode_unlocks_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_unlocks" ADD CONSTRAINT "episode_unlocks_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_unlocks" ADD CONSTRAINT "episode_unlocks_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_package_id_coin_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."coin_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_entry_id_ledger_entries_id_fk" FOREIGN KEY ("credit_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vvip_grants" ADD CONSTRAINT "vvip_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vvip_grants" ADD CONSTRAINT "vvip_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vvip_grants" ADD CONSTRAINT "vvip_grants_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "episode_unlocks_permanent_idx" ON "episode_unlocks" USING btree ("user_id","episode_id") WHERE "episode_unlocks"."revoked_at" is null and "episode_unlocks"."kind" <> 'rental';--> statement-breakpoint
CREATE INDEX "episode_unlocks_user_content_idx" ON "episode_unlocks" USING btree ("user_id","content_id");--> statement-breakpoint
CREATE INDEX "episode_unlocks_entry_idx" ON "episode_unlocks" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_purchased_user_idx" ON "ledger_accounts" USING btree ("user_id") WHERE "ledger_accounts"."kind" = 'purchased';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_kind_idx" ON "ledger_accounts" USING btree ("kind") WHERE "ledger_accounts"."user_id" is null;--> statement-breakpoint
CREATE INDEX "ledger_accounts_user_idx" ON "ledger_accounts" USING btree ("user_id","kind","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_idx" ON "ledger_entries" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_created_idx" ON "ledger_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_postings_entry_idx" ON "ledger_postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_idx" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_idx" ON "payments" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_paid_idx" ON "payments" USING btree ("paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_ref_idx" ON "subscriptions" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_idx" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" in ('active', 'past_due');--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "vvip_grants_user_idx" ON "vvip_grants" USING btree ("user_id","ends_at");--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_bulk_discount_check" CHECK ("content"."bulk_discount_percent" >= 0 and "content"."bulk_discount_percent" <= 90);--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_wait_for_free_check" CHECK ("content"."wait_for_free_hours" is null or "content"."wait_for_free_hours" between 1 and 720);--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_rental_check" CHECK (("content"."rental_price_coins" is null) = ("content"."rental_hours" is null) and ("content"."rental_price_coins" is null or ("content"."rental_price_coins" > 0 and "content"."rental_hours" between 1 and 720)));--> statement-breakpoint
-- Wallet accounts keep their running balance in the posting's own transaction; the CHECK on
-- ledger_accounts then refuses any posting that would overdraw a wallet. System accounts take
-- no running balance, so that concurrent unlocks by different readers never queue on one row.
CREATE FUNCTION ledger_apply_posting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount
  WHERE id = NEW.account_id AND kind IN ('purchased', 'bonus');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_apply AFTER INSERT ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_posting();
--> statement-breakpoint
-- Every entry balances: checked when its transaction commits, after all its postings are in.
CREATE FUNCTION ledger_check_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  SELECT coalesce(sum(amount), 0) INTO total FROM ledger_postings WHERE entry_id = NEW.entry_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger entry % does not balance (postings sum to %)', NEW.entry_id, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry_balanced();
--> statement-breakpoint
-- Entries and postings are history: never edited, never deleted.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger history is immutable: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_immutable BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
INSERT INTO ledger_accounts (kind) VALUES ('sales'), ('promotions'), ('spending'), ('expired');
--> statement-breakpoint
-- Existing wallets move over: each lot's unspent coins become an opening entry (purchased coins
-- into the owner's purchased account, bonus coins into a bonus account with the lot's expiry).
INSERT INTO ledger_accounts (kind, user_id)
  SELECT DISTINCT 'purchased', user_id FROM coin_lots;
--> statement-breakpoint
INSERT INTO ledger_accounts (id, kind, user_id, expires_at, created_at)
  SELECT id, 'bonus', user_id, expires_at, created_at FROM coin_lots WHERE kind = 'bonus';
--> statement-breakpoint
INSERT INTO ledger_entries (id, kind, user_id, idempotency_key, memo, created_at)
  SELECT id, CASE kind WHEN 'purchased' THEN 'purchase' ELSE 'grant' END, user_id,
    'opening:' || id, 'Opening balance (' || source || ')', created_at
  FROM coin_lots WHERE remaining > 0;
--> statement-breakpoint
INSERT INTO ledger_postings (entry_id, account_id, amount)
  SELECT l.id, CASE l.kind WHEN 'purchased' THEN p.id ELSE l.id END, l.remaining
  FROM coin_lots l JOIN ledger_accounts p ON p.kind = 'purchased' AND p.user_id = l.user_id
  WHERE l.remaining > 0
  UNION ALL
  SELECT l.id, s.id, -l.remaining
  FROM coin_lots l JOIN ledger_accounts s ON s.user_id IS NULL
    AND s.kind = CASE l.kind WHEN 'purchased' THEN 'sales' ELSE 'promotions' END
  WHERE l.remaining > 0;
