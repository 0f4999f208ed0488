// The audit trail as the page reads it: the filters as typed turned into what the server takes,
// each change as rows of before and after, and a device named in a few words.

export type AuditSource = "all" | "app" | "cli";

/** The filter fields as typed (empty strings for "any"). */
export interface AuditFilterForm {
  action: string;
  objectType: string;
  objectId: string;
  source: AuditSource;
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilterForm = {
  action: "",
  objectType: "",
  objectId: "",
  source: "all",
  from: "",
  to: "",
};

export interface AuditFilters {
  action?: string;
  objectType?: string;
  objectId?: string;
  source?: "app" | "cli";
  from?: string;
  to?: string;
}

/** What the server is asked for: the fields filled in, trimmed; a blank field filters nothing. */
export function auditFiltersOf(form: AuditFilterForm): AuditFilters {
  const filters: AuditFilters = {};
  for (const key of ["action", "objectType", "objectId", "from", "to"] as const) {
    const value = form[key].trim();
    if (value) filters[key] = value;
  }
  if (form.source !== "all") filters.source = form.source;
  return filters;
}

export function hasAnyFilter(form: AuditFilterForm): boolean {
  return Object.keys(auditFiltersOf(form)).length > 0;
}

export interface DiffRow {
  key: string;
  before: string | null;
  after: string | null;
  changed: boolean;
}

export interface ChangeDiff {
  kind: "created" | "deleted" | "changed";
  rows: DiffRow[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A value as one short line of JSON; strings as they are. */
export function showValue(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? String(value);
}

/**
 * One change as rows of key, before and after (objects key by key, anything else as one row), each
 * marked when its value differs. No before means the object was created, no after that it was
 * deleted.
 */
export function diffChange(change: { before?: unknown; after?: unknown }): ChangeDiff {
  const before = change.before ?? null;
  const after = change.after ?? null;
  const kind = before === null ? "created" : after === null ? "deleted" : "changed";
  if (!isRecord(before ?? {}) || !isRecord(after ?? {})) {
    const [b, a] = [before === null ? null : showValue(before), after === null ? null : showValue(after)];
    return { kind, rows: [{ key: "value", before: b, after: a, changed: b !== a }] };
  }
  const beforeObject = (before ?? {}) as Record<string, unknown>;
  const afterObject = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(beforeObject), ...Object.keys(afterObject)])];
  const rows = keys.map((key) => {
    const b = before !== null && key in beforeObject ? showValue(beforeObject[key]) : null;
    const a = after !== null && key in afterObject ? showValue(afterObject[key]) : null;
    return { key, before: b, after: a, changed: b !== a };
  });
  return { kind, rows };
}

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, "Edge"],
  [/OPR\//, "Opera"],
  [/Firefox\//, "Firefox"],
  [/(Chrome|Chromium|CriOS)\//, "Chrome"],
  [/Version\/[\d.]+.*Safari\//, "Safari"],
  [/^curl\//, "curl"],
  [/^node|undici/i, "Node.js"],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];
const MAX_DEVICE_CHARS = 40;

/** "Chrome on Linux" for a browser's User-Agent; anything else as it is, cut short. */
export function shortDevice(device: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(device))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(device))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  return device.length > MAX_DEVICE_CHARS ? `${device.slice(0, MAX_DEVICE_CHARS - 1)}…` : device;
}

/** "203.0.113.9 · Chrome on Linux", either part alone, or "" when neither is known. */
export function whereText(address: string | null, device: string | null): string {
  return [address, device ? shortDevice(device) : null].filter(Boolean).join(" · ");
}

/** audit-trail-2026-03-05.csv, the day in local time. */
export function exportFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `audit-trail-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** A key for each change: its object, and how many changes of that object came before it. */
export function changeKeys(changes: ReadonlyArray<{ objectType: string; objectId: string }>): string[] {
  const seen = new Map<string, number>();
  return changes.map((change) => {
    const object = `${change.objectType}:${change.objectId}`;
    const count = seen.get(object) ?? 0;
    seen.set(object, count + 1);
    return count === 0 ? object : `${object}#${count}`;
  });
}
