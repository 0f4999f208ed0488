// The browser's offer to install the app. Chromium-based browsers fire `beforeinstallprompt` once
// the page qualifies (manifest, icons, service worker), often before React has mounted, and only
// once per page: `captureInstallPrompt()` runs first thing in main.tsx and keeps the event here
// for the install card and the mobile banner, which read it with `useInstallPrompt()`.

import { useSyncExternalStore } from "react";

/** The event's non-standard interface (Chromium only; not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  readonly platforms?: string[];
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
  prompt(): Promise<unknown>;
}

export interface InstallPromptState {
  /** The browser's pending offer, usable once. */
  event: BeforeInstallPromptEvent | null;
  /** When the browser made its latest offer (`Date.now()`), for delays counted from the offer. */
  offeredAt: number | null;
  /** The browser reported the app installed from this page: there is nothing more to offer. */
  installed: boolean;
}

export type InstallOutcome = "accepted" | "dismissed" | "unavailable";

const INITIAL: InstallPromptState = { event: null, offeredAt: null, installed: false };

let state = INITIAL;
const listeners = new Set<() => void>();

function update(next: Partial<InstallPromptState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

const capturing = new WeakSet<EventTarget>();

/** Starts listening for the browser's offer and for the app being installed. Call once, early. */
export function captureInstallPrompt(target: EventTarget = window): void {
  if (capturing.has(target)) return;
  capturing.add(target);
  target.addEventListener("beforeinstallprompt", (event) => {
    // Keeps Chrome on Android from showing its own mini-infobar: the app offers installation itself.
    event.preventDefault();
    update({ event: event as BeforeInstallPromptEvent, offeredAt: Date.now() });
  });
  target.addEventListener("appinstalled", () => {
    update({ event: null, installed: true });
  });
}

export function getInstallPromptState(): InstallPromptState {
  return state;
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows the browser's install dialog and resolves with the person's answer. The event can be used
 * only once, so it is forgotten either way; the browser may make a new offer later.
 */
export async function promptInstall(): Promise<InstallOutcome> {
  const { event } = state;
  if (!event) return "unavailable";
  update({ event: null });
  try {
    await event.prompt();
    const choice = await event.userChoice;
    return choice.outcome;
  } catch (error) {
    // Browsers refuse a second prompt() and one without a click behind it.
    console.warn("The install prompt could not be shown", error);
    return "unavailable";
  }
}

/** The current state, re-rendering when an offer arrives, is used, or the app gets installed. */
export function useInstallPrompt(): InstallPromptState {
  return useSyncExternalStore(subscribeInstallPrompt, getInstallPromptState, () => INITIAL);
}

/** Forgets everything, listeners aside: for tests. */
export function resetInstallPromptForTests(): void {
  update(INITIAL);
}
