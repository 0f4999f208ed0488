// Which plan tiers a user holds right now: from a subscription in force (active, or past due and
// still inside its paid period, or cancelled at period end and not yet at it) and from VVIP
// grants. A VVIP holder also holds premium (see episode-access.ts).
import type { PlanTier } from "@litverse/shared/coins";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../core/db/client.ts";

export async function activeTiers(db: Executor, userId: string): Promise<Set<PlanTier>> {
  const rows = await queryRows<{ tier: PlanTier }>(
    db,
    sql`
      select p.tier from subscriptions s join subscription_plans p on p.id = s.plan_id
      where s.user_id = ${userId} and s.status in ('active', 'past_due') and s.current_period_end > now()
      union
      select 'vvip' from vvip_grants g
      where g.user_id = ${userId} and g.revoked_at is null and g.ends_at > now()`,
  );
  return new Set(rows.map((row) => row.tier));
}
