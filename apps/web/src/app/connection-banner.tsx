import { WifiOff } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useIsOffline } from "../lib/offline-start.ts";
import { useConnectionState } from "../lib/use-connection-state.ts";
import { router } from "./router.tsx";

/** A reader opened from the downloads says "Offline" in its own top bar. */
const READER_PATHS = /^\/(read|listen|read-comic|watch)\//;

function usePathname(): string {
  return useSyncExternalStore(router.subscribe, () => router.state.location.pathname);
}

/**
 * "Offline" when the device is offline or the server could not be reached at all (readers aside);
 * otherwise "Connection lost. Reconnecting…" when an established connection is lost (not during
 * the first connection).
 */
export function ConnectionBanner() {
  const state = useConnectionState();
  const isOffline = useIsOffline();
  const pathname = usePathname();
  const [hasConnected, setHasConnected] = useState(false);
  useEffect(() => {
    if (state === "pending") setHasConnected(true);
  }, [state]);
  const isOfflineShown = isOffline && (!hasConnected || !navigator.onLine) && !READER_PATHS.test(pathname);
  const isReconnecting = !isOfflineShown && hasConnected && state === "connecting";
  return (
    <div data-testid="connection-state" data-state={state} aria-live="polite">
      {isReconnecting && (
        <div className="fixed inset-x-0 top-0 z-50 flex justify-center p-2">
          <p className="rounded-full bg-amber-500 px-4 py-1 text-sm font-medium text-amber-950 shadow-lg">
            Connection lost. Reconnecting…
          </p>
        </div>
      )}
      {isOfflineShown && (
        // Under the app's header (4 rem), where it hides nothing the person needs.
        <div className="pointer-events-none fixed inset-x-0 top-16 z-50 flex justify-center p-2">
          <p
            className="inline-flex items-center gap-1.5 rounded-full bg-stone-800 px-3 py-0.5 text-xs font-medium text-white shadow-lg dark:bg-stone-200 dark:text-stone-900"
            data-testid="offline-indicator"
          >
            <WifiOff className="size-3.5" aria-hidden />
            Offline
          </p>
        </div>
      )}
    </div>
  );
}
