// A list of notices grouped by day, newest first: the person's notifications and the admin team's
// share it. Unread ones are marked; opening one marks it read and follows its link.
import type { AdminNotificationItem } from "@litverse/shared/notifications";
import type { PersonSummary } from "@litverse/shared/people";
import {
  Bell,
  BookOpen,
  CheckCheck,
  CircleAlert,
  Coins,
  CreditCard,
  type LucideIcon,
  Megaphone,
  MessageCircle,
  UserPlus,
} from "lucide-react";
import { Fragment } from "react";
import { useNavigate } from "react-router";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { useNow } from "../../components/people/use-now.ts";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { toastError } from "../../lib/errors.ts";
import { dayKey, formatDayHeading, formatTime } from "../../lib/format.ts";

/** A notice as both lists show it: the team's notices, and a person's with who caused each. */
export type Notice = AdminNotificationItem & { actor?: PersonSummary | null };

const KIND_ICONS: Record<string, LucideIcon> = {
  friend_request: UserPlus,
  friend_accepted: UserPlus,
  message: MessageCircle,
  new_episode: BookOpen,
  coins_expiring: Coins,
  subscription_renewed: CreditCard,
  subscription_failed: CircleAlert,
  announcement: Megaphone,
};

export function NoticeList({
  notices,
  onOpen,
  hasOlder,
  loadOlder,
  isLoadingOlder,
}: {
  notices: Notice[];
  /** Marks the notice read; the list follows its link itself. */
  onOpen: (notice: Notice) => void;
  hasOlder: boolean;
  loadOlder: () => void;
  isLoadingOlder: boolean;
}) {
  const now = useNow(true, 60_000);
  const navigate = useNavigate();
  const open = (notice: Notice) => {
    if (!notice.isRead) onOpen(notice);
    if (notice.link) void navigate(notice.link);
  };

  return (
    <div className="space-y-3">
      {notices.map((notice, index) => {
        const previous = notices[index - 1];
        const isNewDay = !previous || dayKey(previous.createdAt) !== dayKey(notice.createdAt);
        const Icon = KIND_ICONS[notice.kind] ?? Bell;
        return (
          <Fragment key={notice._id}>
            {isNewDay ? (
              <h2 className="mb-2 pt-3 text-sm font-semibold text-muted-foreground">
                {formatDayHeading(notice.createdAt, now)}
              </h2>
            ) : null}
            <article
              data-testid="notice"
              data-unread={notice.isRead ? undefined : ""}
              className={cn(
                "relative flex gap-3 rounded-2xl border p-4 shadow-sm",
                notice.isRead
                  ? "border-border bg-card"
                  : "border-brand-100 bg-brand-50 dark:border-brand-500/30 dark:bg-brand-500/10",
              )}
            >
              {notice.actor ? (
                <PersonAvatar person={notice.actor} size="sm" />
              ) : (
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
                  <Icon className="size-4" aria-hidden />
                </span>
              )}
              <div className="min-w-0 flex-1">
                <h3 className="font-medium break-words">
                  {notice.link ? (
                    <button
                      type="button"
                      onClick={() => open(notice)}
                      className="text-left after:absolute after:inset-0 after:rounded-2xl hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring"
                    >
                      {notice.title}
                    </button>
                  ) : (
                    notice.title
                  )}
                </h3>
                {notice.body ? (
                  <p className="mt-0.5 text-sm break-words whitespace-pre-line text-muted-foreground">
                    {notice.body}
                  </p>
                ) : null}
                <p className="mt-1 text-xs text-muted-foreground">
                  <time dateTime={notice.createdAt}>{formatTime(notice.createdAt)}</time>
                  {notice.isRead ? null : <span className="sr-only"> · Unread</span>}
                </p>
              </div>
              {notice.isRead ? null : (
                <div className="relative z-10 flex shrink-0 items-start gap-2">
                  <span className="mt-1.5 size-2.5 rounded-full bg-brand-600" aria-hidden />
                  {notice.link ? null : (
                    <Button size="sm" variant="ghost" onClick={() => onOpen(notice)}>
                      Mark as read
                    </Button>
                  )}
                </div>
              )}
            </article>
          </Fragment>
        );
      })}
      {hasOlder ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={loadOlder} isLoading={isLoadingOlder}>
            Show older
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** A notice list read in live pages: loading, failure, empty, or the notices. */
export function LiveNotices({
  query,
  notices,
  onOpen,
  hasOlder,
  loadOlder,
  isLoadingOlder,
  empty,
}: {
  query: { isError: boolean; isPending: boolean; error: unknown; refetch: () => unknown };
  notices: Notice[];
  onOpen: (notice: Notice) => void;
  hasOlder: boolean;
  loadOlder: () => Promise<void>;
  isLoadingOlder: boolean;
  empty: { title: string; text: string };
}) {
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) {
    return (
      <div className="space-y-3" role="status" aria-label="Loading notifications">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-20 w-full rounded-2xl" />
        ))}
      </div>
    );
  }
  if (notices.length === 0) return <EmptyState icon={Bell} title={empty.title} text={empty.text} />;
  return (
    <NoticeList
      notices={notices}
      onOpen={onOpen}
      hasOlder={hasOlder}
      loadOlder={() => void loadOlder()}
      isLoadingOlder={isLoadingOlder}
    />
  );
}

/** "Mark all as read", off while nothing is unread. */
export function MarkAllReadButton({
  hasUnread,
  markAll,
}: {
  hasUnread: boolean;
  markAll: {
    mutate: (input: undefined, options: { onError: (error: unknown) => void }) => void;
    isPending: boolean;
  };
}) {
  return (
    <Button
      variant="secondary"
      disabled={!hasUnread}
      isLoading={markAll.isPending}
      onClick={() =>
        markAll.mutate(undefined, { onError: (error) => toastError(error, "Could not mark them read.") })
      }
    >
      <CheckCheck aria-hidden />
      Mark all as read
    </Button>
  );
}
