// When the server refuses the signed-in person outright (their account was suspended, banned or
// deleted, or an administrator signed them out everywhere), every failing call reports it here, and
// the session gate shows it at once instead of each page retrying and failing on its own.
import { SIGNED_OUT_MESSAGE } from "@litverse/shared/user-management";
import { useSyncExternalStore } from "react";

export type AccountRefusal = { kind: "restricted"; message: string } | { kind: "signed-out" };

let current: AccountRefusal | null = null;
const listeners = new Set<() => void>();

function set(next: AccountRefusal | null): void {
  current = next;
  for (const listener of listeners) listener();
}

/**
 * The failed call's code, read here rather than through lib/errors.ts, which brings the toasts with
 * it: this runs in the app's first script, which stays small.
 */
function codeOf(error: unknown): unknown {
  const data = (error as { data?: { appCode?: unknown; code?: unknown } } | null)?.data;
  return data?.appCode ?? data?.code;
}

/** What a failed call says about the account, if anything. */
export function accountRefusalOf(error: unknown): AccountRefusal | null {
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : "";
  if (code === "ACCOUNT_RESTRICTED") return { kind: "restricted", message };
  if (code === "UNAUTHORIZED" && message === SIGNED_OUT_MESSAGE) return { kind: "signed-out" };
  return null;
}

/** Called with every failed call (the query client's caches and live queries). */
export function reportAccountRefusal(error: unknown): void {
  const refusal = accountRefusalOf(error);
  if (refusal && JSON.stringify(refusal) !== JSON.stringify(current)) set(refusal);
}

/** Forgets the refusal: after signing out, or once the person has signed in again. */
export function clearAccountRefusal(): void {
  if (current) set(null);
}

export function useAccountRefusal(): AccountRefusal | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
