// Opening the app without a connection (decision 0011). Before rendering, the app needs the
// server's settings, the coming-soon settings and, for a signed-in person, their record: all of
// which come from the server. The last known copies are kept in localStorage as they arrive, and
// stand in when the server cannot be reached, so that a signed-in person reaches their downloads.
import type { ComingSoonSettings } from "@litverse/shared/system-settings";
import type { CurrentUser } from "@litverse/shared/users";
import { useSyncExternalStore } from "react";
import { wsClient } from "./trpc.ts";

const CLIENT_CONFIG_KEY = "litverse.offline.client-config";
const SETTINGS_KEY = "litverse.offline.coming-soon";
const USER_KEY_PREFIX = "litverse.offline.user:";

function read<T>(key: string): T | null {
  try {
    const value = localStorage.getItem(key);
    return value ? (JSON.parse(value) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Without storage the app simply cannot open offline.
  }
}

export const rememberClientConfig = (config: unknown) => write(CLIENT_CONFIG_KEY, config);
export const lastKnownClientConfig = <T>() => read<T>(CLIENT_CONFIG_KEY);

export const rememberComingSoonSettings = (settings: ComingSoonSettings) => write(SETTINGS_KEY, settings);
export const lastKnownComingSoonSettings = () => read<ComingSoonSettings>(SETTINGS_KEY);

/** `subject` is the sign-in's `sub`: the record is kept per person. */
export const rememberUser = (subject: string, user: CurrentUser) =>
  write(`${USER_KEY_PREFIX}${subject}`, user);
export const lastKnownUser = (subject: string) => read<CurrentUser>(`${USER_KEY_PREFIX}${subject}`);

/** After signing out, nobody's record stays on the device. */
export function forgetUsers(): void {
  try {
    for (let index = localStorage.length - 1; index >= 0; index--) {
      const key = localStorage.key(index);
      if (key?.startsWith(USER_KEY_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // Nothing was kept.
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  const subscription = wsClient.connectionState.subscribe({ next: onChange });
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
    subscription.unsubscribe();
  };
}

function isOffline(): boolean {
  if (!navigator.onLine) return true;
  const connection = wsClient.connectionState.get();
  // A connection attempt failed and another one is awaited.
  return connection.state === "connecting" && connection.error !== null;
}

/** Offline as the browser says, or unable to reach the server at the moment. */
export function useIsOffline(): boolean {
  // A first screen drawn on the server is drawn from the server's own answers: online.
  return useSyncExternalStore(subscribe, isOffline, () => false);
}

/** The person this page let in on their last known record while the server could not be reached. */
let offlineSubject: string | null = null;

/**
 * Whether the signed-in person (`subject`, even with an expired token) goes on with their last
 * known record: once the server could not be reached and such a record is on the device, for the
 * rest of the page's life, so that the page does not go back to a loading screen while the
 * connection and the sign-in come back.
 */
export function useOfflinePass(subject: string | null | undefined): boolean {
  const offline = useIsOffline();
  if (subject && offline && offlineSubject !== subject && lastKnownUser(subject)) offlineSubject = subject;
  return Boolean(subject) && offlineSubject === subject;
}
