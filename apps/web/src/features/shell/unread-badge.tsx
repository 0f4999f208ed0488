import { formatBadgeCount } from "./badge-count.ts";

/**
 * A small count pill; nothing when there is nothing unread. Screen readers hear the count with
 * what it counts ("3 unread messages") as part of the control's name.
 */
export function UnreadBadge({
  count,
  label,
  className = "",
}: {
  count: number;
  label: string;
  className?: string;
}) {
  const text = formatBadgeCount(count);
  if (!text) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className={`inline-flex min-w-5 items-center justify-center rounded-full bg-rose-600 px-1.5 text-[11px] leading-5 font-bold text-white ${className}`}
        data-testid="unread-badge"
      >
        {text}
      </span>
      <span className="sr-only">{`, ${text} ${label}`}</span>
    </>
  );
}
