// Tells people, once per lot, that bonus coins of theirs expire within three days, so that they can
// spend them first.
import { sql } from "drizzle-orm";
import { queryRows } from "../../core/db/client.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { notify } from "../notifications/index.ts";

/** How long before a lot expires its owner is told. */
export const EXPIRY_NOTICE_DAYS = 3;

/** Notices for lots expiring soon that have not had one; returns how many people were told. */
export async function notifyExpiringBonusCoins(deps: ServiceDeps, now = new Date()): Promise<number> {
  const soon = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * 24 * 3_600_000);
  const lots = await queryRows<{ id: string; user_id: string; balance: number; expires_at: Date }>(
    deps.db,
    sql`select a.id, a.user_id, a.balance, a.expires_at from ledger_accounts a
        where a.kind = 'bonus' and a.balance > 0 and a.user_id is not null
          and a.expires_at > ${now.toISOString()}::timestamptz and a.expires_at <= ${soon.toISOString()}::timestamptz
          and not exists (select 1 from notifications n
                          where n.user_id = a.user_id and n.dedupe_key = 'coins-expiring:' || a.id::text)
        order by a.expires_at
        limit 1000`,
  );
  let told = 0;
  for (const lot of lots) {
    const expires = new Date(lot.expires_at);
    const days = Math.max(1, Math.ceil((expires.getTime() - now.getTime()) / (24 * 3_600_000)));
    const row = await notify(deps, lot.user_id, {
      kind: "coins_expiring",
      title: `${lot.balance} bonus coin${lot.balance === 1 ? "" : "s"} expire${lot.balance === 1 ? "s" : ""} in ${days} day${days === 1 ? "" : "s"}`,
      body: "Bonus coins are spent before purchased ones: unlock an episode to use them.",
      link: "/coins/buy",
      dedupeKey: `coins-expiring:${lot.id}`,
    });
    if (row) told++;
  }
  return told;
}
