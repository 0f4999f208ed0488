import { describe, expect, it } from "vitest";
import {
  assertAccountUsable,
  restrictionEndText,
  restrictionMessage,
  standingOf,
} from "./account-standing.ts";
import { deviceLabel } from "./devices.ts";

const now = new Date("2026-12-03T10:00:00Z");
const clean = {
  suspendedUntil: null,
  bannedAt: null,
  restrictionReason: null,
  contentHidden: false,
  deletedAt: null,
};

describe("an account's standing", () => {
  it("is suspended until the end, then active again, whatever was kept of the reason", () => {
    const row = { ...clean, suspendedUntil: new Date("2026-12-06T14:05:00Z"), restrictionReason: "Spam" };
    expect(standingOf(row, now)).toEqual({
      state: "suspended",
      until: "2026-12-06T14:05:00.000Z",
      reason: "Spam",
      contentHidden: false,
    });
    expect(restrictionMessage(row, now)).toBe(
      "Your account is suspended until 6 December 2026, 14:05 UTC. Reason: Spam",
    );
    expect(standingOf(row, new Date("2026-12-07T00:00:00Z")).state).toBe("active");
    expect(restrictionMessage(row, new Date("2026-12-07T00:00:00Z"))).toBeNull();
  });

  it("puts a deletion before a ban and a ban before a suspension", () => {
    const banned = { ...clean, bannedAt: now, suspendedUntil: new Date("2027-01-01T00:00:00Z") };
    expect(standingOf(banned, now).state).toBe("banned");
    expect(restrictionMessage({ ...banned, restrictionReason: null }, now)).toBe(
      "Your account has been banned.",
    );
    expect(standingOf({ ...banned, deletedAt: now }, now)).toMatchObject({
      state: "deleted",
      contentHidden: true,
    });
  });

  it("refuses tokens issued at or before the sessions ended, and lets later ones through", () => {
    const ended = { ...clean, sessionsEndedAt: new Date("2026-12-03T10:00:00.400Z") };
    const second = Date.parse("2026-12-03T10:00:00Z") / 1000;
    expect(() => assertAccountUsable(ended, second, now)).toThrow(
      "You have been signed out. Please sign in again.",
    );
    expect(() => assertAccountUsable(ended, second - 30, now)).toThrow("signed out");
    expect(() => assertAccountUsable(ended, second + 1, now)).not.toThrow();
    // A token without an issue time (an external provider's may lack one) is judged by expiry alone.
    expect(() => assertAccountUsable(ended, undefined, now)).not.toThrow();
  });

  it("writes a suspension's end the same for everyone, in UTC", () => {
    expect(restrictionEndText(new Date("2026-01-09T08:30:00Z"))).toBe("9 January 2026, 08:30 UTC");
  });
});

describe("a device's label", () => {
  it.each([
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari on iOS",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0",
      "Edge on Windows",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0",
      "Firefox on macOS",
    ],
    ["curl/8.5.0", "curl/8.5.0"],
  ])("%s reads as %s", (agent, label) => {
    expect(deviceLabel(agent)).toBe(label);
  });
});
