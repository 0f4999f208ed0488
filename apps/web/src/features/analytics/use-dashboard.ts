// The admin dashboard's figures, kept live by the server.
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

export function useDashboard() {
  return useLiveQuery(trpc.analytics.getDashboard.queryOptions());
}
