// The ads' upkeep, run by every process every minute (the row locks make each step happen once):
// campaigns whose schedule is over, or whose budget cannot pay for one more event, end and give
// back what is left; running campaigns' spend is settled to the ledger in whole coins; views
// older than any token still counting are removed.
import { and, inArray, lt, sql } from "drizzle-orm";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { announceCampaign } from "./campaigns.service.ts";
import { closeCampaign, lockCampaign, settleSpent } from "./money.ts";
import { adCampaigns, adEvents } from "./schema.ts";
import { AD_TOKEN_LIFETIME_MS } from "./tokens.ts";

export const ADS_UPKEEP_MS = 60_000;
const PURGE_BATCH = 10_000;

export interface AdsUpkeepResult {
  ended: number;
  settled: number;
  purged: number;
}

export async function runAdsUpkeep(deps: ServiceDeps, now = new Date()): Promise<AdsUpkeepResult> {
  const due = await deps.db
    .select({ id: adCampaigns.id })
    .from(adCampaigns)
    .where(
      and(
        inArray(adCampaigns.status, ["active", "paused"]),
        sql`(${adCampaigns.endsAt} <= ${now.toISOString()}::timestamptz
          or (${adCampaigns.budgetCoins} is not null and ${adCampaigns.budgetCoins}::bigint * 1000 - ${adCampaigns.spentMilli}
              < (select min(value::int) from jsonb_each_text(${adCampaigns.ratesMilli}))))`,
      ),
    )
    .limit(500);
  let ended = 0;
  for (const { id } of due) {
    await deps.changes.inTransaction(deps.db, async (tx) => {
      const row = await lockCampaign(tx, id);
      if (row.status !== "active" && row.status !== "paused") return;
      await closeCampaign(deps, tx, row, "ended");
      announceCampaign(deps, row);
      ended += 1;
    });
  }

  const unsettled = await deps.db
    .select({ id: adCampaigns.id })
    .from(adCampaigns)
    .where(
      and(
        inArray(adCampaigns.status, ["active", "paused"]),
        sql`${adCampaigns.spentMilli} / 1000 > ${adCampaigns.settledCoins}`,
      ),
    )
    .limit(1_000);
  let settled = 0;
  for (const { id } of unsettled) {
    await deps.changes.inTransaction(deps.db, async (tx) => {
      const row = await lockCampaign(tx, id);
      const after = await settleSpent(deps, tx, row);
      if (after.settledCoins !== row.settledCoins) settled += 1;
    });
  }

  const before = new Date(now.getTime() - 2 * AD_TOKEN_LIFETIME_MS);
  const purgedRows = await deps.db.execute(
    sql`delete from ${adEvents} where ctid in (
          select ctid from ${adEvents} where ${adEvents.kind} <> 'click' and ${lt(adEvents.createdAt, before)} limit ${PURGE_BATCH})`,
  );
  const purged =
    (purgedRows as { affectedRows?: number; rowCount?: number }).rowCount ??
    (purgedRows as { affectedRows?: number }).affectedRows ??
    0;
  return { ended, settled, purged };
}
