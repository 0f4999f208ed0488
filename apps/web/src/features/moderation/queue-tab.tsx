// The Queue tab: every reported item, most severe and heaviest first, live, with filters in the
// address (kind, category, state, assignee) and more on asking.
import {
  MODERATION_KIND_LABELS,
  MODERATION_KINDS,
  REPORT_CATEGORIES,
  REPORT_CATEGORY_LABELS,
} from "@litverse/shared/moderation";
import { ASSIGNEES, QUEUE_STATES, type QueueFilters } from "@litverse/shared/moderation-queue-filters";
import { ShieldCheck } from "lucide-react";
import { useSearchParams } from "react-router";
import { ListFoot } from "../../components/paged-list/list-parts.tsx";
import { useNow } from "../../components/people/use-now.ts";
import { cn } from "../../components/ui/cn.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { ASSIGNEE_LABELS, QUEUE_STATE_LABELS } from "./moderation-values.ts";
import { QueueRow } from "./queue-row.tsx";
import { useModerationAccess } from "./use-moderation-access.ts";
import { useClaim, type useModerationQueue } from "./use-moderation-queue.ts";

const ANY = "any";

export function QueueTab({
  filters,
  queue,
}: {
  filters: QueueFilters;
  /** The page's queue, which also gives its header the counts. */
  queue: ReturnType<typeof useModerationQueue>;
}) {
  const [, setParams] = useSearchParams();
  const set = (key: keyof QueueFilters, next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        const isDefault =
          next === ANY ||
          (key === "state" && next === "pending") ||
          (key === "assignee" && next === "anyone");
        if (isDefault) updated.delete(key);
        else updated.set(key, next);
        return updated;
      },
      { replace: true },
    );
  const { canManage, myId } = useModerationAccess();
  const claims = useClaim();
  const now = useNow(true, 60_000);
  const { first } = queue;

  return (
    <div className="space-y-4">
      <div className="grid gap-3 rounded-2xl border border-border bg-card p-3 shadow-sm sm:grid-cols-2 lg:grid-cols-4">
        <NativeSelect
          aria-label="State"
          size="sm"
          value={filters.state}
          onValueChange={(next) => set("state", next)}
          items={QUEUE_STATES.map((state) => ({ value: state, label: QUEUE_STATE_LABELS[state] }))}
        />
        <NativeSelect
          aria-label="Assignee"
          size="sm"
          value={filters.assignee}
          onValueChange={(next) => set("assignee", next)}
          items={ASSIGNEES.map((assignee) => ({ value: assignee, label: ASSIGNEE_LABELS[assignee] }))}
        />
        <NativeSelect
          aria-label="Category"
          size="sm"
          value={filters.category ?? ANY}
          onValueChange={(next) => set("category", next)}
          items={[
            { value: ANY, label: "Any category" },
            ...REPORT_CATEGORIES.map((category) => ({
              value: category,
              label: REPORT_CATEGORY_LABELS[category],
            })),
          ]}
        />
        <NativeSelect
          aria-label="Kind"
          size="sm"
          value={filters.kind ?? ANY}
          onValueChange={(next) => set("kind", next)}
          items={[
            { value: ANY, label: "Any kind of content" },
            ...MODERATION_KINDS.map((kind) => ({ value: kind, label: MODERATION_KIND_LABELS[kind] })),
          ]}
        />
      </div>
      {first.isError && !first.data ? (
        <ErrorState
          title="Could not load the queue"
          error={first.error}
          onRetry={() => void first.refetch()}
          isRetrying={first.isFetching}
        />
      ) : !first.data ? (
        <div role="status" aria-label="Loading the queue" className="space-y-3">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-36 w-full rounded-2xl" />
          ))}
        </div>
      ) : queue.items.length === 0 ? (
        <EmptyState
          icon={ShieldCheck}
          title="Nothing here"
          text={
            filters.state === "pending" && !filters.kind && !filters.category && filters.assignee === "anyone"
              ? "No report is waiting for a decision."
              : "No item matches these filters."
          }
        />
      ) : (
        <>
          <ul
            className={cn("space-y-3", first.isPlaceholderData && "opacity-60")}
            aria-label="Reported items"
            aria-busy={first.isPlaceholderData}
          >
            {queue.items.map((item) => (
              <QueueRow
                key={item.id}
                item={item}
                now={now}
                myId={myId}
                canManage={canManage}
                isBusy={claims.busyItemId === item.id}
                onClaim={() => void claims.claim(item.id)}
                onRelease={() => claims.release(item.id)}
              />
            ))}
          </ul>
          <ListFoot
            hasMore={queue.hasMore}
            isLoadingMore={queue.isLoadingMore}
            loadMore={queue.loadMore}
            error={queue.moreError}
          />
        </>
      )}
    </div>
  );
}
