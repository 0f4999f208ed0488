import type { AuditEvent } from "@litverse/shared/audit";
import type { AccountStanding } from "@litverse/shared/user-management";
import { describe, expect, it } from "vitest";
import {
  ageText,
  confirmationMatches,
  deletionConfirmation,
  displayName,
  exportFileName,
  filterOf,
  historyLine,
  isRestricted,
  signedCoins,
  untilText,
} from "./person-values.ts";

const ACTIVE: AccountStanding = { state: "active", until: null, reason: null, contentHidden: false };
const UTC = "UTC";

describe("the filter in the address", () => {
  it("reads a known filter and falls back to all", () => {
    expect(filterOf("restricted")).toBe("restricted");
    expect(filterOf("deleted")).toBe("deleted");
    expect(filterOf(null)).toBe("all");
    expect(filterOf("everyone")).toBe("all");
  });
});

describe("a person's name", () => {
  const person = { name: "Ada Lovelace", handle: "ada", email: "ada@example.test", standing: ACTIVE };
  it("is their name, else their handle, else their email", () => {
    expect(displayName(person)).toBe("Ada Lovelace");
    expect(displayName({ ...person, name: null })).toBe("@ada");
    expect(displayName({ ...person, name: null, handle: null })).toBe("ada@example.test");
    expect(displayName({ ...person, name: null, handle: null, email: null })).toBe("Unnamed");
  });
  it("is never the old name of a deleted account", () => {
    expect(displayName({ ...person, standing: { ...ACTIVE, state: "deleted" } })).toBe("Deleted account");
  });
});

describe("where an account stands", () => {
  it("says until when a suspension lasts", () => {
    const standing: AccountStanding = {
      state: "suspended",
      until: "2026-03-08T15:04:00.000Z",
      reason: "Spoilers",
      contentHidden: true,
    };
    expect(untilText(standing, UTC)).toBe("until Mar 8, 2026, 3:04 PM");
  });
  it("has no end for the other standings", () => {
    expect(untilText(ACTIVE)).toBeNull();
    expect(untilText({ ...ACTIVE, state: "banned", reason: "Spam" })).toBeNull();
    expect(untilText({ ...ACTIVE, state: "deleted" })).toBeNull();
  });
  it("counts suspended and banned accounts as restricted", () => {
    expect(isRestricted("suspended")).toBe(true);
    expect(isRestricted("banned")).toBe(true);
    expect(isRestricted("active")).toBe(false);
    expect(isRestricted("deleted")).toBe(false);
  });
});

describe("the age band", () => {
  it("reads as the age gate offered it", () => {
    expect(ageText(13)).toBe("13–15");
    expect(ageText(16)).toBe("16–17");
    expect(ageText(18)).toBe("18+");
    expect(ageText(null)).toBe("Not given");
  });
});

describe("the export's file name", () => {
  it("names the handle and the local day", () => {
    const now = new Date(2026, 2, 5, 23, 30);
    expect(exportFileName({ id: "u1", handle: "ada" }, now)).toBe("litverse-data-ada-2026-03-05.json");
    expect(exportFileName({ id: "u1", handle: null }, now)).toBe("litverse-data-u1-2026-03-05.json");
  });
});

describe("confirming a deletion", () => {
  it("asks for the handle, else the id", () => {
    expect(deletionConfirmation({ id: "u1", handle: "ada" })).toBe("ada");
    expect(deletionConfirmation({ id: "u1", handle: null })).toBe("u1");
  });
  it("accepts the handle in any case, with or without @, as the server does", () => {
    expect(confirmationMatches("ada", "ada")).toBe(true);
    expect(confirmationMatches(" @ADA ", "ada")).toBe(true);
    expect(confirmationMatches("ad", "ada")).toBe(false);
    expect(confirmationMatches("", "ada")).toBe(false);
    expect(confirmationMatches("@", "ada")).toBe(false);
  });
});

describe("the account's history", () => {
  const event = (patch: Partial<AuditEvent>): AuditEvent => ({
    _id: "e1",
    at: "2026-03-05T10:00:00.000Z",
    source: "app",
    actorId: "boss",
    actorLabel: "Sam Super",
    action: "userManagement.restrictAccount",
    section: "users",
    objectType: "user",
    objectId: "u1",
    input: null,
    changes: [],
    address: null,
    device: null,
    ...patch,
  });

  it("says what was done, by whom and why, with what changed", () => {
    const line = historyLine(
      event({
        input: { userId: "u1", kind: "suspend", days: 3, reason: " Spoilers ", hideContent: true },
        changes: [
          {
            objectType: "user",
            objectId: "u1",
            before: { role: "user", state: "active", until: null, reason: null, contentHidden: false },
            after: {
              role: "user",
              state: "suspended",
              until: "2026-03-08T10:00:00.000Z",
              reason: "Spoilers",
              contentHidden: true,
            },
          },
        ],
      }),
      UTC,
    );
    expect(line).toEqual({
      id: "e1",
      at: "2026-03-05T10:00:00.000Z",
      who: "Sam Super",
      what: "Suspended for 3 days",
      reason: "Spoilers",
      changes: [
        { key: "state", label: "Standing", before: "Active", after: "Suspended" },
        { key: "until", label: "Until", before: "—", after: "Mar 8, 2026, 10:00 AM" },
        { key: "contentHidden", label: "Content hidden", before: "No", after: "Yes" },
      ],
    });
  });

  it("names each action of user management", () => {
    const what = (action: string, input: unknown = {}) => historyLine(event({ action, input })).what;
    expect(what("userManagement.restrictAccount", { kind: "ban" })).toBe("Banned");
    expect(what("userManagement.restrictAccount", { kind: "suspend", days: 1 })).toBe("Suspended for 1 day");
    expect(what("userManagement.liftRestriction")).toBe("Restriction lifted");
    expect(what("userManagement.signOutEverywhere")).toBe("Signed out everywhere");
    expect(what("userManagement.changeRole", { role: "admin" })).toBe("Role changed to Admin");
    expect(what("userManagement.exportPersonData")).toBe("Data exported");
    expect(what("userManagement.deleteAccount")).toBe("Account deleted");
    expect(what("users.setUserRole")).toBe("users.setUserRole");
  });

  it("leaves out changes to other objects and an input without a reason", () => {
    const line = historyLine(
      event({
        action: "userManagement.changeRole",
        input: { role: "admin" },
        changes: [
          { objectType: "user", objectId: "u1", before: { role: "user" }, after: { role: "admin" } },
          { objectType: "admin_permissions", objectId: "u1", before: null, after: { templateId: "t" } },
        ],
      }),
    );
    expect(line.reason).toBeNull();
    expect(line.changes).toEqual([{ key: "role", label: "Role", before: "User", after: "Admin" }]);
  });
});

describe("coins in and out", () => {
  it("signs the amount", () => {
    expect(signedCoins(1200)).toBe("+1,200");
    expect(signedCoins(-40)).toBe("−40");
    expect(signedCoins(0)).toBe("0");
  });
});
