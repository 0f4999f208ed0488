// One row of the moderation queue: every report of one item together. The item's name is the link
// to its review and stretches over the whole card; claiming and releasing sit above that link, so
// that each is a control of its own for the keyboard and for screen readers.
import type { ModerationQueueItem } from "@litverse/shared/moderation";
import { Hand, Undo2 } from "lucide-react";
import { Link } from "react-router";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { formatRelativeDate } from "../../lib/format.ts";
import { CategoryBadge, ItemFlags, KindLabel } from "./moderation-badges.tsx";
import { formatWeight, isUrgentCategory } from "./moderation-values.ts";

export const reviewPath = (itemId: string) => `/admin/flagged-content-review?item=${itemId}`;

export function QueueRow({
  item,
  now,
  myId,
  canManage,
  isBusy,
  onClaim,
  onRelease,
}: {
  item: ModerationQueueItem;
  now: number;
  myId: string | null;
  canManage: boolean;
  /** Its claim or release is on its way. */
  isBusy: boolean;
  onClaim: () => void;
  onRelease: () => void;
}) {
  const isMine = item.claimedBy !== null && item.claimedBy.id === myId;
  const others = item.categories.filter((entry) => entry.category !== item.category);
  const mainCount = item.categories.find((entry) => entry.category === item.category)?.count;
  return (
    <li
      className={cn(
        "relative rounded-2xl border bg-card shadow-sm transition hover:border-brand-300 focus-within:border-brand-400 dark:hover:border-brand-500/50",
        isUrgentCategory(item.category)
          ? "border-rose-300 border-l-4 border-l-rose-500 dark:border-rose-400/40"
          : "border-border",
      )}
      data-testid="queue-item"
    >
      <div className="flex gap-3 p-4">
        {item.target.pictureUrl ? (
          <img
            src={item.target.pictureUrl}
            alt=""
            loading="lazy"
            className="size-16 shrink-0 rounded-lg border border-border bg-muted object-cover"
          />
        ) : null}
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex flex-wrap items-center gap-1.5">
            <CategoryBadge category={item.category} count={mainCount} />
            {others.map((entry) => (
              <CategoryBadge key={entry.category} category={entry.category} count={entry.count} />
            ))}
            <ItemFlags item={item} />
          </div>
          <div className="min-w-0">
            <KindLabel item={item} />
            <Link
              to={reviewPath(item.id)}
              className="block truncate font-semibold outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:outline-2 focus-visible:after:outline-brand-500"
            >
              {item.target.label}
            </Link>
          </div>
          {item.target.text ? (
            <p className="line-clamp-2 text-sm break-words text-muted-foreground">{item.target.text}</p>
          ) : null}
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
            {item.author ? (
              <span className="inline-flex items-center gap-1.5">
                <PersonAvatar person={item.author} size="xs" />
                <span className="font-medium text-foreground">{item.author.name}</span>
              </span>
            ) : (
              <span>No author on record</span>
            )}
            <span aria-hidden>·</span>
            <span>
              {item.reportCount} {item.reportCount === 1 ? "report" : "reports"}, weight{" "}
              <span className="tabular-nums">{formatWeight(item.weight)}</span>
            </span>
            <span aria-hidden>·</span>
            <span>
              First {formatRelativeDate(item.firstReportedAt, now)}, last{" "}
              {formatRelativeDate(item.lastReportedAt, now)}
            </span>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-4 py-2">
        <span className="text-xs text-muted-foreground">
          {item.claimedBy ? (isMine ? "Claimed by you" : `Claimed by ${item.claimedBy.name}`) : "Unclaimed"}
        </span>
        {canManage && (item.state === "pending" || item.hasPendingAppeal) ? (
          isMine ? (
            <Button
              size="sm"
              variant="secondary"
              className="relative z-10"
              isLoading={isBusy}
              onClick={onRelease}
              aria-label={`Release ${item.target.label}`}
            >
              <Undo2 aria-hidden />
              Release
            </Button>
          ) : item.claimedBy === null ? (
            <Button
              size="sm"
              variant="secondary"
              className="relative z-10"
              isLoading={isBusy}
              onClick={onClaim}
              aria-label={`Claim ${item.target.label}`}
            >
              <Hand aria-hidden />
              Claim
            </Button>
          ) : null
        ) : null}
      </div>
    </li>
  );
}
