// Everyone who has subscribed: plan, status and period end, newest first, with a status filter and
// a search by email or name. The first page is live; older pages load on demand.
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "@litverse/shared/subscriptions";
import { Users } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { formatDate } from "../../lib/format.ts";
import { INTERVAL_ADJECTIVES, STATUS_LABELS, TIER_LABELS } from "./plan-values.ts";
import { useSubscribers } from "./use-subscribers.ts";

type StatusFilter = SubscriptionStatus | "all";
const STATUS_ITEMS: { value: StatusFilter; label: string }[] = [
  { value: "all", label: "All that started" },
  ...SUBSCRIPTION_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

const STATUS_BADGES = {
  incomplete: "neutral",
  active: "success",
  past_due: "warning",
  canceled: "neutral",
  expired: "neutral",
} as const;

export function SubscribersPanel() {
  const [status, setStatus] = useState<StatusFilter>("all");
  const [search, setSearch] = useState("");
  const query = useDeferredValue(search.trim());
  const { first, rows, hasMore, loadMore, isLoadingMore } = useSubscribers(status, query);

  return (
    <section aria-labelledby="subscribers-heading" className="space-y-4">
      <div>
        <h2 id="subscribers-heading" className="text-lg font-semibold">
          Subscribers
        </h2>
        <p className="text-sm text-muted-foreground">
          Every subscription that started, newest first. Checkouts never paid show under “Awaiting payment”.
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_minmax(0,14rem)]">
        <Field label="Search">
          <Input
            type="search"
            placeholder="Email or name"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field>
        <Field label="Status">
          <Select<StatusFilter> items={STATUS_ITEMS} value={status} onValueChange={setStatus} />
        </Field>
      </div>
      {first.isError ? (
        <ErrorState
          error={first.error}
          title="Could not load the subscribers"
          onRetry={() => void first.refetch()}
        />
      ) : !first.data ? (
        <div role="status" aria-label="Loading subscribers">
          <Skeleton className="h-48 w-full" />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState
          as="h3"
          icon={Users}
          title={query || status !== "all" ? "No subscriptions match" : "No subscribers yet"}
          text={
            query || status !== "all" ? "Try another search or status." : "Subscriptions show here once paid."
          }
        />
      ) : (
        <>
          <Table caption="Subscribers">
            <THead>
              <TR>
                <TH>Subscriber</TH>
                <TH>Plan</TH>
                <TH>Status</TH>
                <TH>Period ends</TH>
                <TH>Since</TH>
              </TR>
            </THead>
            <TBody>
              {rows.map((row) => (
                <TR key={row.id}>
                  <TH>
                    <span className="block">{row.userName ?? row.userEmail ?? "Unknown"}</span>
                    {row.userName && row.userEmail ? (
                      <span className="block text-xs font-normal text-muted-foreground">{row.userEmail}</span>
                    ) : null}
                  </TH>
                  <TD>
                    <span className="flex items-center gap-2">
                      {row.planName}
                      <Badge variant={row.tier}>{TIER_LABELS[row.tier]}</Badge>
                    </span>
                    <span className="block text-xs text-muted-foreground">
                      {INTERVAL_ADJECTIVES[row.interval]}
                    </span>
                  </TD>
                  <TD>
                    <Badge variant={STATUS_BADGES[row.status]}>{STATUS_LABELS[row.status]}</Badge>
                    {row.isInForce && row.cancelAtPeriodEnd ? (
                      <span className="block text-xs text-muted-foreground">Cancels at period end</span>
                    ) : null}
                  </TD>
                  <TD>{row.currentPeriodEnd ? formatDate(row.currentPeriodEnd) : "—"}</TD>
                  <TD>{formatDate(row.createdAt)}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
          {hasMore ? (
            <div className="flex justify-center">
              <Button variant="secondary" onClick={loadMore} isLoading={isLoadingMore}>
                Show more
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
