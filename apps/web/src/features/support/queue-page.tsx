// /admin/support: the queue, soonest due first, with live SLA timers, filters (status, priority,
// category, assignee, unattended) in the address, and the SLA policies.
import {
  formatDuration,
  SLA_TARGET_LABELS,
  type SlaClock,
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  slaTimers,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_AGENT_LABELS,
  TICKET_STATUSES,
  ticketLabel,
} from "@litverse/shared/support";
import { supportQueueInputOf } from "@litverse/shared/support-queue-filters";
import { AlarmClock, Inbox, PauseCircle, UsersRound } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { useNow } from "../../components/people/use-now.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Input } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatRelativeDate } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { SlaPoliciesDialog } from "./sla-policies-dialog.tsx";
import { PriorityBadge, StatusBadge, TICKET_CARD } from "./ticket-parts.tsx";
import { useSupportQueue } from "./use-support-queue.ts";

const ANY = "any";

/** The soonest running timer of a ticket, counting down live; paused timers say so. */
export function SlaTimer({ clock, className }: { clock: SlaClock; className?: string }) {
  const now = useNow(true, 30_000);
  const [timer] = slaTimers(clock, now);
  if (!timer) return <span className={cn("text-xs text-muted-foreground", className)}>No timer</span>;
  const label = SLA_TARGET_LABELS[timer.target];
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 text-xs font-medium tabular-nums",
        timer.paused
          ? "text-muted-foreground"
          : timer.breached
            ? "text-rose-700 dark:text-rose-300"
            : timer.remainingMs < 3_600_000
              ? "text-amber-700 dark:text-amber-300"
              : "text-foreground",
        className,
      )}
      data-testid="sla-timer"
    >
      {timer.paused ? (
        <PauseCircle className="size-3.5" aria-hidden />
      ) : (
        <AlarmClock className="size-3.5" aria-hidden />
      )}
      {label}:{" "}
      {timer.breached
        ? `overdue by ${formatDuration(timer.remainingMs)}`
        : `${formatDuration(timer.remainingMs)} left`}
      {timer.paused ? " (paused)" : ""}
    </span>
  );
}

export function QueuePage() {
  useDocumentTitle("Support Tickets");
  const [params, setParams] = useSearchParams();
  const value = (key: string) => params.get(key) ?? ANY;
  const set = (key: string, next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === ANY || next === "") updated.delete(key);
        else updated.set(key, next);
        return updated;
      },
      { replace: true },
    );
  const input = supportQueueInputOf(params);
  const queue = useSupportQueue(input);
  const counts = queue.data?.counts;

  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Support Tickets"
        description="Every ticket still to be dealt with, the one due soonest first."
        actions={
          <>
            <Button asChild variant="secondary" size="sm">
              <Link to="/admin/fictitious-users">
                <UsersRound aria-hidden />
                Community personas
              </Link>
            </Button>
            <SlaPoliciesDialog />
          </>
        }
      />
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={params.get("unattended") === "1" ? "primary" : "secondary"}
          aria-pressed={params.get("unattended") === "1"}
          onClick={() => set("unattended", params.get("unattended") === "1" ? ANY : "1")}
        >
          Unattended {counts ? <Badge variant="brand">{counts.unattended}</Badge> : null}
        </Button>
        <Button
          size="sm"
          variant={params.get("assignee") === "me" ? "primary" : "secondary"}
          aria-pressed={params.get("assignee") === "me"}
          onClick={() => set("assignee", params.get("assignee") === "me" ? ANY : "me")}
        >
          Assigned to me {counts ? <Badge variant="neutral">{counts.mine}</Badge> : null}
        </Button>
        {counts && counts.breached > 0 ? (
          <Badge variant="danger" className="self-center">
            {counts.breached} past due
          </Badge>
        ) : null}
      </div>
      {/* The search has a row of its own, wide enough for its hint at every width. */}
      <div className="grid gap-3 rounded-2xl border border-border bg-card p-3 shadow-sm sm:grid-cols-2 lg:grid-cols-4">
        <Input
          className="sm:col-span-2 lg:col-span-4"
          type="search"
          aria-label="Search tickets"
          placeholder="Subject, #number or email"
          defaultValue={params.get("q") ?? ""}
          onChange={(event) => set("q", event.target.value.trim())}
        />
        <NativeSelect
          aria-label="Status"
          size="sm"
          value={value("status")}
          onValueChange={(next) => set("status", next)}
          items={[
            { value: ANY, label: "Every open status" },
            ...TICKET_STATUSES.map((item) => ({ value: item, label: TICKET_STATUS_AGENT_LABELS[item] })),
            { value: "all", label: "All, solved and closed too" },
          ]}
        />
        <NativeSelect
          aria-label="Priority"
          size="sm"
          value={value("priority")}
          onValueChange={(next) => set("priority", next)}
          items={[
            { value: ANY, label: "Any priority" },
            ...TICKET_PRIORITIES.map((item) => ({ value: item, label: TICKET_PRIORITY_LABELS[item] })),
          ]}
        />
        <NativeSelect
          aria-label="Category"
          size="sm"
          value={value("category")}
          onValueChange={(next) => set("category", next)}
          items={[
            { value: ANY, label: "Any category" },
            ...SUPPORT_CATEGORIES.map((item) => ({ value: item, label: SUPPORT_CATEGORY_LABELS[item] })),
          ]}
        />
        <NativeSelect
          aria-label="Assignee"
          size="sm"
          value={value("assignee")}
          onValueChange={(next) => set("assignee", next)}
          items={[
            { value: ANY, label: "Anyone" },
            { value: "me", label: "Me" },
            { value: "none", label: "Unassigned" },
          ]}
        />
      </div>
      {queue.isError && !queue.data ? (
        <ErrorState
          title="Could not load the queue"
          error={queue.error}
          onRetry={() => void queue.refetch()}
        />
      ) : !queue.data ? (
        <Skeleton className="h-64 w-full" />
      ) : queue.data.items.length === 0 ? (
        <EmptyState icon={Inbox} title="Nothing here" text="No ticket matches these filters." />
      ) : (
        <ul className={cn("space-y-3", queue.isPlaceholderData && "opacity-60")} aria-label="Tickets">
          {queue.data.items.map((ticket) => (
            <li key={ticket._id} className={TICKET_CARD}>
              <Link
                to={`/admin/support/${ticket._id}`}
                className="grid gap-2 rounded-2xl px-4 py-3 md:grid-cols-[minmax(0,1fr)_auto_12rem] md:items-center md:gap-4"
              >
                <span className="flex min-w-0 items-start gap-3">
                  <PersonAvatar person={ticket.requester} size="sm" />
                  <span className="min-w-0">
                    <span className="flex items-center gap-2">
                      <span className="truncate font-medium">{ticket.subject}</span>
                      {ticket.breached ? <Badge variant="danger">SLA missed</Badge> : null}
                    </span>
                    <span className="block text-xs text-muted-foreground">
                      {ticketLabel(ticket.number)} · {ticket.requester.name} ·{" "}
                      {SUPPORT_CATEGORY_LABELS[ticket.category]} · {formatRelativeDate(ticket.lastMessageAt)}
                      {ticket.assignee ? ` · ${ticket.assignee.name}` : " · unassigned"}
                    </span>
                  </span>
                </span>
                <span className="flex flex-wrap gap-1.5">
                  <StatusBadge status={ticket.status} forAgent />
                  <PriorityBadge priority={ticket.priority} />
                </span>
                <SlaTimer clock={ticket} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
