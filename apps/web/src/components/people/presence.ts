// Presence in words, from when someone last had the app open.
import { isOnline } from "@litverse/shared/people";
import { formatRelativeDate } from "../../lib/format.ts";

export function presenceLabel(lastSeenAt: string | null, now: number): string | null {
  if (!lastSeenAt) return null;
  if (isOnline(lastSeenAt, now)) return "Active now";
  return `Active ${formatRelativeDate(lastSeenAt, now)}`;
}
