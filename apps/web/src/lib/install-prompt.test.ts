import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type BeforeInstallPromptEvent,
  captureInstallPrompt,
  getInstallPromptState,
  promptInstall,
  resetInstallPromptForTests,
  subscribeInstallPrompt,
} from "./install-prompt.ts";

/** What Chromium dispatches, with the two members it adds. */
function installEvent(outcome: "accepted" | "dismissed" = "accepted") {
  const event = new Event("beforeinstallprompt", { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = vi.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: "web" }) });
  return { event, prompt };
}

afterEach(() => {
  resetInstallPromptForTests();
  vi.useRealTimers();
});

describe("the install offer", () => {
  it("is kept from the moment the browser makes it, and keeps the browser's own banner away", () => {
    vi.useFakeTimers({ now: 42_000 });
    const target = new EventTarget();
    captureInstallPrompt(target);
    const listener = vi.fn();
    const unsubscribe = subscribeInstallPrompt(listener);

    const { event } = installEvent();
    target.dispatchEvent(event);

    expect(event.defaultPrevented).toBe(true);
    expect(getInstallPromptState()).toMatchObject({ event, offeredAt: 42_000, installed: false });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("is captured once per target, however often capture is called", () => {
    const target = new EventTarget();
    captureInstallPrompt(target);
    captureInstallPrompt(target);
    const listener = vi.fn();
    const unsubscribe = subscribeInstallPrompt(listener);
    target.dispatchEvent(installEvent().event);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("opens the browser's dialog once, returns the answer and is then used up", async () => {
    const target = new EventTarget();
    captureInstallPrompt(target);
    const { event, prompt } = installEvent("dismissed");
    target.dispatchEvent(event);

    await expect(promptInstall()).resolves.toBe("dismissed");
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(getInstallPromptState().event).toBeNull();
    await expect(promptInstall()).resolves.toBe("unavailable");
    expect(prompt).toHaveBeenCalledTimes(1);
  });

  it("calls prompt() synchronously, within the click that asked for it", () => {
    const target = new EventTarget();
    captureInstallPrompt(target);
    const { event, prompt } = installEvent();
    target.dispatchEvent(event);
    void promptInstall();
    expect(prompt).toHaveBeenCalledTimes(1);
  });

  it("reports unavailable when the browser refuses to prompt", async () => {
    const target = new EventTarget();
    captureInstallPrompt(target);
    const { event, prompt } = installEvent();
    prompt.mockRejectedValueOnce(new DOMException("no user gesture", "NotAllowedError"));
    target.dispatchEvent(event);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(promptInstall()).resolves.toBe("unavailable");
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("is withdrawn once the app is installed", () => {
    const target = new EventTarget();
    captureInstallPrompt(target);
    target.dispatchEvent(installEvent().event);
    target.dispatchEvent(new Event("appinstalled"));
    expect(getInstallPromptState()).toMatchObject({ event: null, installed: true });
  });
});
