// Where the app's frame keeps the mini-player: nothing at all (not even its code) until an
// audiobook has been loaded.
import { lazy, Suspense, useSyncExternalStore } from "react";
import { playerIsPresent, subscribePresence } from "./player-presence.ts";

const MiniPlayer = lazy(() => import("./mini-player.tsx"));

export function MiniPlayerSlot() {
  // No player on the server's drawing of a first screen.
  const isPresent = useSyncExternalStore(subscribePresence, playerIsPresent, () => false);
  if (!isPresent) return null;
  return (
    <Suspense fallback={null}>
      <MiniPlayer />
    </Suspense>
  );
}
