// A paid campaign's coins, on its row and on the ledger together: holding the budget, settling
// what it spent, and giving back what is left when it is over. Every function runs inside the
// caller's transaction with the campaign's row locked (lockCampaign), so the row's counters and
// the ledger's entries move as one. Keys name the counters' values before and after, so a step
// repeated after a crash moves nothing twice.
import { eq, sql } from "drizzle-orm";
import type { Transaction } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { holdAdBudget, releaseAdHold, settleAdSpend } from "../coins/index.ts";
import { adCampaigns } from "./schema.ts";
import type { CampaignRow } from "./views.ts";

/** The campaign's row, locked until the transaction ends; NOT_FOUND when there is none. */
export async function lockCampaign(tx: Transaction, campaignId: string): Promise<CampaignRow> {
  const [row] = await tx.select().from(adCampaigns).where(eq(adCampaigns.id, campaignId)).for("update");
  if (!row) throw new AppError("NOT_FOUND", "There is no such campaign.");
  return row;
}

/** Coins the hold still has for this campaign. */
export const heldNow = (row: CampaignRow) => row.heldCoins - row.settledCoins - row.releasedCoins;

/** Takes `amount` more coins from the owner's wallet into the hold. */
export async function holdMore(
  deps: ServiceDeps,
  tx: Transaction,
  row: CampaignRow,
  amount: number,
): Promise<CampaignRow> {
  if (amount <= 0 || !row.ownerId) return row;
  const after = row.heldCoins + amount;
  await holdAdBudget(deps, tx, row.ownerId, {
    campaignId: row.id,
    amount,
    memo: `Ad budget held: ${row.name}`,
    key: `hold:${row.heldCoins}-${after}`,
  });
  const [updated] = await tx
    .update(adCampaigns)
    .set({ heldCoins: after })
    .where(eq(adCampaigns.id, row.id))
    .returning();
  return updated as CampaignRow;
}

/** Moves the whole coins spent and not yet settled from the hold to ad revenue. */
export async function settleSpent(
  deps: ServiceDeps,
  tx: Transaction,
  row: CampaignRow,
): Promise<CampaignRow> {
  const spent = Math.floor(row.spentMilli / 1000);
  const due = spent - row.settledCoins;
  if (due <= 0 || !row.ownerId) return row;
  await settleAdSpend(deps, tx, row.ownerId, {
    campaignId: row.id,
    amount: due,
    memo: `Ad spend: ${row.name}`,
    key: `spend:${row.settledCoins}-${spent}`,
  });
  const [updated] = await tx
    .update(adCampaigns)
    .set({ settledCoins: spent })
    .where(eq(adCampaigns.id, row.id))
    .returning();
  return updated as CampaignRow;
}

/**
 * Gives back what the hold has beyond `keep` coins (settling the spend first): all of it when
 * the campaign is over, down to a lowered budget when it is edited. A fraction of a coin spent
 * and not yet a whole one is the advertiser's.
 */
export async function releaseBeyond(
  deps: ServiceDeps,
  tx: Transaction,
  row: CampaignRow,
  keep: number,
): Promise<CampaignRow> {
  const settled = await settleSpent(deps, tx, row);
  const back = heldNow(settled) - keep;
  if (back <= 0 || !settled.ownerId) return settled;
  const after = settled.releasedCoins + back;
  await releaseAdHold(deps, tx, settled.ownerId, {
    campaignId: settled.id,
    amount: back,
    memo: `Ad budget back: ${settled.name}`,
    key: `release:${settled.releasedCoins}-${after}`,
  });
  const [updated] = await tx
    .update(adCampaigns)
    .set({ releasedCoins: after })
    .where(eq(adCampaigns.id, settled.id))
    .returning();
  return updated as CampaignRow;
}

/**
 * Makes the hold what the campaign may still spend: its budget less what it has settled. Taken
 * from the wallet when the budget is new or raised (INSUFFICIENT_COINS when it is not there),
 * given back when it is lowered.
 */
export async function fitHoldToBudget(
  deps: ServiceDeps,
  tx: Transaction,
  row: CampaignRow,
): Promise<CampaignRow> {
  const settled = await settleSpent(deps, tx, row);
  const needed = Math.max(0, (settled.budgetCoins ?? 0) - settled.settledCoins);
  const held = heldNow(settled);
  if (held < needed) return holdMore(deps, tx, settled, needed - held);
  if (held > needed) return releaseBeyond(deps, tx, settled, needed);
  return settled;
}

/**
 * Ends the campaign for good with `status` (stopped, ended, or rejected, which may come back by
 * an edit): the spend settled, the rest given back.
 */
export async function closeCampaign(
  deps: ServiceDeps,
  tx: Transaction,
  row: CampaignRow,
  status: "stopped" | "ended" | "rejected",
  extra: Partial<typeof adCampaigns.$inferInsert> = {},
): Promise<CampaignRow> {
  const released = row.isHouse ? row : await releaseBeyond(deps, tx, row, 0);
  const [updated] = await tx
    .update(adCampaigns)
    .set({ status, endedAt: status === "rejected" ? null : sql`now()`, ...extra })
    .where(eq(adCampaigns.id, row.id))
    .returning();
  return { ...released, ...(updated as CampaignRow) };
}
