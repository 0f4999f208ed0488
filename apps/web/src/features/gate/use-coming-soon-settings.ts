// Whether the app is in coming-soon mode and what that page says, kept live: the gate decides by it.
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

export function useComingSoonSettings() {
  return useLiveQuery(trpc.systemSettings.getComingSoonSettings.queryOptions());
}
