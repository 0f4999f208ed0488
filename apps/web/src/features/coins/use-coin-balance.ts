// The signed-in person's coin balance, kept live: the header's wallet, the wallet, buying and paying.
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

export function useCoinBalance() {
  return useLiveQuery(trpc.coins.getCoinBalance.queryOptions());
}
