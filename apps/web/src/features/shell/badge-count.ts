/** Unread badges show at most two digits. */
export const BADGE_CAP = 99;

export function formatBadgeCount(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}

/**
 * The menu button's name. It holds the count the button shows, so that what is seen is what can
 * be said to speech control ("Open menu, 3 unread").
 */
export function menuButtonLabel(unread: number): string {
  const text = formatBadgeCount(unread);
  return text ? `Open menu, ${text} unread` : "Open menu";
}
