import { auditFiltersInput } from "@litverse/shared/audit-inputs";
import { DEFAULT_COMING_SOON_SETTINGS } from "@litverse/shared/system-settings";
import { updateComingSoonSettingsInput } from "@litverse/shared/system-settings-inputs";
import { describe, expect, it } from "vitest";
import {
  auditFiltersOf,
  changeKeys,
  diffChange,
  EMPTY_AUDIT_FILTERS,
  exportFileName,
  hasAnyFilter,
  shortDevice,
  whereText,
} from "./audit-values.ts";
import { changedSettings, formOf } from "./coming-soon-values.ts";

describe("audit filters", () => {
  it("asks for nothing while every field is blank", () => {
    expect(auditFiltersOf(EMPTY_AUDIT_FILTERS)).toEqual({});
    expect(hasAnyFilter({ ...EMPTY_AUDIT_FILTERS, action: "   " })).toBe(false);
  });
  it("sends the filled fields trimmed, and a source only when one is chosen", () => {
    const filters = auditFiltersOf({
      ...EMPTY_AUDIT_FILTERS,
      action: " contentAdmin. ",
      source: "cli",
      from: "2026-03-01",
    });
    expect(filters).toEqual({ action: "contentAdmin.", source: "cli", from: "2026-03-01" });
    expect(auditFiltersInput.safeParse(filters).success).toBe(true);
  });
});

describe("a change's before and after", () => {
  it("marks the keys whose value changed", () => {
    const diff = diffChange({
      before: { title: "Old", active: true },
      after: { title: "New", active: true },
    });
    expect(diff.kind).toBe("changed");
    expect(diff.rows).toEqual([
      { key: "title", before: "Old", after: "New", changed: true },
      { key: "active", before: "true", after: "true", changed: false },
    ]);
  });
  it("reads no before as created and no after as deleted", () => {
    expect(diffChange({ before: null, after: { name: "A" } })).toEqual({
      kind: "created",
      rows: [{ key: "name", before: null, after: "A", changed: true }],
    });
    expect(diffChange({ before: { name: "A" }, after: null }).kind).toBe("deleted");
    expect(diffChange({ after: { name: "A" } }).kind).toBe("created");
  });
  it("shows a key that appears or goes as changed, and nested values as JSON", () => {
    const diff = diffChange({ before: { tags: ["a"] }, after: { tags: ["a"], extra: { n: 1 } } });
    expect(diff.rows).toEqual([
      { key: "tags", before: '["a"]', after: '["a"]', changed: false },
      { key: "extra", before: null, after: '{"n":1}', changed: true },
    ]);
  });
  it("compares values that are not objects as one row", () => {
    expect(diffChange({ before: 3, after: 4 }).rows).toEqual([
      { key: "value", before: "3", after: "4", changed: true },
    ]);
  });
});

describe("where an action came from", () => {
  const chromeOnLinux =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
  it("names a browser and its system in a few words", () => {
    expect(shortDevice(chromeOnLinux)).toBe("Chrome on Linux");
    expect(
      shortDevice(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iOS");
    expect(
      shortDevice("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"),
    ).toBe("Firefox on Windows");
  });
  it("keeps anything else as it is, cut short", () => {
    expect(shortDevice("command line")).toBe("command line");
    expect(shortDevice("x".repeat(60))).toHaveLength(40);
  });
  it("joins the address and the device, leaving out what is unknown", () => {
    expect(whereText("203.0.113.9", chromeOnLinux)).toBe("203.0.113.9 · Chrome on Linux");
    expect(whereText(null, "command line")).toBe("command line");
    expect(whereText(null, null)).toBe("");
  });
  it("names the export after the local day", () => {
    expect(exportFileName(new Date(2026, 2, 5, 23, 30))).toBe("audit-trail-2026-03-05.csv");
  });
});

describe("saving the coming-soon settings", () => {
  const saved = formOf({ ...DEFAULT_COMING_SOON_SETTINGS, expectedLaunchDate: "Spring 2027" });
  it("sends only what changed", () => {
    expect(changedSettings(saved, saved)).toEqual({});
    expect(changedSettings(saved, { ...saved, comingSoonTitle: "Soon " })).toEqual({
      comingSoonTitle: "Soon ",
    });
    expect(changedSettings(saved, { ...saved, isComingSoonMode: true })).toEqual({ isComingSoonMode: true });
  });
  it("ignores spaces the server would trim anyway", () => {
    expect(changedSettings(saved, { ...saved, comingSoonTitle: `${saved.comingSoonTitle}  ` })).toEqual({});
  });
  it("removes the launch line when it is emptied", () => {
    const update = changedSettings(saved, { ...saved, expectedLaunchDate: "  " });
    expect(update).toEqual({ expectedLaunchDate: null });
    expect(updateComingSoonSettingsInput.safeParse(update).success).toBe(true);
  });
  it("reads a missing launch line as empty", () => {
    expect(formOf(DEFAULT_COMING_SOON_SETTINGS).expectedLaunchDate).toBe("");
  });
});

describe("keys of an entry's changes", () => {
  it("tells apart two changes of the same object", () => {
    const change = { objectType: "user", objectId: "u1" };
    expect(changeKeys([change, { objectType: "plan", objectId: "p1" }, change])).toEqual([
      "user:u1",
      "plan:p1",
      "user:u1#1",
    ]);
  });
});
