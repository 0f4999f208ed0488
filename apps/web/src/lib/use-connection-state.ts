import { useSyncExternalStore } from "react";
import { wsClient } from "./trpc.ts";

export type ConnectionState = "connecting" | "pending" | "idle";

function subscribe(onChange: () => void): () => void {
  const subscription = wsClient.connectionState.subscribe({ next: onChange });
  return () => subscription.unsubscribe();
}

/** "pending" means connected; "connecting" covers first connection and reconnects. */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribe, () => wsClient.connectionState.get().state as ConnectionState);
}
