import { useState } from "react";

/**
 * A value changed here before the server confirms it: shown until the server's own value moves on
 * from what it was when the change was made (the change arriving, or someone else's), so that a
 * live update landing a moment after the call returns does not flash the old value.
 */
export function useOptimistic<T>(server: T): { value: T; set: (value: T) => void; clear: () => void } {
  const [pending, setPending] = useState<{ value: T; base: string } | null>(null);
  const serverKey = JSON.stringify(server);
  const value = pending && pending.base === serverKey ? pending.value : server;
  return {
    value,
    set: (next: T) => setPending({ value: next, base: serverKey }),
    clear: () => setPending(null),
  };
}
