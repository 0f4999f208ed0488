import { useEffect, useState } from "react";
import { useConnectionState } from "../lib/use-connection-state.ts";

/** Shown only when an established connection is lost, not during the first connection. */
export function ConnectionBanner() {
  const state = useConnectionState();
  const [hasConnected, setHasConnected] = useState(false);
  useEffect(() => {
    if (state === "pending") setHasConnected(true);
  }, [state]);
  const isReconnecting = hasConnected && state === "connecting";
  return (
    <div data-testid="connection-state" data-state={state} aria-live="polite">
      {isReconnecting && (
        <div className="fixed inset-x-0 top-0 z-50 flex justify-center p-2">
          <p className="rounded-full bg-amber-500 px-4 py-1 text-sm font-medium text-amber-950 shadow-lg">
            Connection lost. Reconnecting…
          </p>
        </div>
      )}
    </div>
  );
}
