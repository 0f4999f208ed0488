// The Jobs tab: every background job of every kind (imports, reel conversions, announcement sends),
// newest first and live, filtered by kind and state: what each is about, who started it, how far it
// is and why it failed; cancel what waits or runs, retry what failed or was cancelled. Each action
// says what it will do before it does it.
import type { AdminJob } from "@litverse/shared/admin-tools";
import { CircleAlert, ListChecks, RotateCcw, X } from "lucide-react";
import { useState } from "react";
import { PagedListStates } from "../../components/paged-list/list-parts.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { cn } from "../../components/ui/cn.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Progress } from "../../components/ui/progress.tsx";
import {
  cancelExplanation,
  isActiveJob,
  JOB_STATUS_LABELS,
  JOB_STATUS_VARIANTS,
  jobFiltersOf,
  jobTiming,
  KIND_FILTER_ITEMS,
  type KindFilter,
  progressText,
  retryExplanation,
  STATUS_FILTER_ITEMS,
  type StatusFilter,
} from "./operations-values.ts";
import { useJobActions, useJobs } from "./use-jobs.ts";
import { useCanManageTools } from "./use-tools-access.ts";

type Asking = { action: "cancel" | "retry"; job: AdminJob } | null;

export function JobsTab() {
  const [kind, setKind] = useState<KindFilter>("all");
  const [status, setStatus] = useState<StatusFilter>("all");
  const filters = jobFiltersOf(kind, status);
  const { first, list } = useJobs(filters);
  const canManage = useCanManageTools();
  const actions = useJobActions();
  // Kept after the dialog closes, so that its words do not change while it fades out.
  const [asking, setAsking] = useState<Asking>(null);
  const [isAsking, setIsAsking] = useState(false);
  const ask = (next: Asking) => {
    setAsking(next);
    setIsAsking(true);
  };
  const isFiltered = kind !== "all" || status !== "all";
  const what = asking ? asking.job.kindLabel.toLowerCase() : "job";

  return (
    <div className="space-y-4">
      <Card className="p-4 sm:p-5">
        <h2 className="sr-only">Filters</h2>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field label="Kind">
            <NativeSelect items={KIND_FILTER_ITEMS} value={kind} onValueChange={setKind} />
          </Field>
          <Field label="State">
            <NativeSelect items={STATUS_FILTER_ITEMS} value={status} onValueChange={setStatus} />
          </Field>
        </div>
        <p className="mt-4 border-t border-border pt-4 text-sm text-muted-foreground">
          Imports, reel conversions and announcement sends, newest first, updated live as they run.
          {canManage ? null : " You may look at them; changing them needs the tools permission to manage."}
        </p>
      </Card>
      <PagedListStates
        first={first}
        list={list}
        what="jobs"
        empty={
          <EmptyState
            as="h2"
            icon={ListChecks}
            title={isFiltered ? "No job matches" : "No jobs yet"}
            text={
              isFiltered
                ? "Try another kind or state."
                : "Imports, reel conversions and announcement sends show here while they run and after."
            }
          />
        }
      >
        <ul
          aria-label="Jobs, newest first"
          aria-busy={first.isPlaceholderData}
          className={cn(
            "divide-y divide-[var(--border)] overflow-hidden rounded-xl border border-border bg-card transition-opacity",
            first.isPlaceholderData && "opacity-60",
          )}
        >
          {list.items.map((job) => (
            <JobItem key={job._id} job={job} canManage={canManage} onAsk={ask} />
          ))}
        </ul>
      </PagedListStates>
      <ConfirmDialog
        open={isAsking}
        onOpenChange={setIsAsking}
        variant={asking?.action === "cancel" ? "danger" : "primary"}
        title={asking?.action === "cancel" ? `Cancel this ${what}?` : `Retry this ${what}?`}
        description={
          asking ? (
            <>
              <span className="block font-medium text-foreground">{asking.job.about}</span>
              <span className="mt-2 block">
                {asking.action === "cancel" ? cancelExplanation(asking.job) : retryExplanation(asking.job)}
              </span>
            </>
          ) : null
        }
        confirmLabel={asking?.action === "cancel" ? `Cancel the ${what}` : "Queue it again"}
        cancelLabel={asking?.action === "cancel" ? "Let it run" : "Not now"}
        onConfirm={async () => {
          if (!asking) return;
          if (asking.action === "cancel") await actions.cancel(asking.job);
          else await actions.retry(asking.job);
        }}
        errorFallback={asking?.action === "cancel" ? "Could not cancel the job." : "Could not retry the job."}
      />
    </div>
  );
}

function JobItem({
  job,
  canManage,
  onAsk,
}: {
  job: AdminJob;
  canManage: boolean;
  onAsk: (asking: NonNullable<Asking>) => void;
}) {
  const isActive = isActiveJob(job);
  const name = `${job.kindLabel}: ${job.about}`;
  return (
    <li
      className="p-4 sm:px-5"
      data-testid="job-row"
      data-job-id={job._id}
      data-kind={job.kind}
      data-status={job.status}
      aria-label={name}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-64">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {job.kindLabel}
          </p>
          <p className="mt-0.5 font-semibold [overflow-wrap:anywhere]">{job.about}</p>
          <p className="mt-1 text-xs text-muted-foreground">
            {job.startedBy ? `By ${job.startedBy.name}` : "By the command line (or an account since deleted)"}
            {" · "}
            {jobTiming(job)}
            {job.attempts > 1 ? ` · ${job.attempts} attempts` : null}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Badge variant={JOB_STATUS_VARIANTS[job.status]} data-testid="job-status">
            {JOB_STATUS_LABELS[job.status]}
          </Badge>
          {canManage && isActive ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onAsk({ action: "cancel", job })}
              aria-label={`Cancel ${name}`}
            >
              <X aria-hidden />
              Cancel
            </Button>
          ) : null}
          {canManage && job.canRetry ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onAsk({ action: "retry", job })}
              aria-label={`Retry ${name}`}
            >
              <RotateCcw aria-hidden />
              Retry
            </Button>
          ) : null}
        </div>
      </div>

      {isActive ? (
        <div className="mt-3 space-y-1.5">
          <Progress value={job.status === "queued" ? null : job.progress} label={name} size="sm" />
          <p className="text-sm text-muted-foreground">{progressText(job)}</p>
        </div>
      ) : null}

      {job.status === "failed" && job.error ? (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:bg-rose-400/10 dark:text-rose-200">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span className="[overflow-wrap:anywhere]">{job.error}</span>
        </p>
      ) : null}

      {job.retryBlocked ? (
        <p className="mt-2 text-sm text-muted-foreground" data-testid="job-retry-blocked">
          Cannot be retried: {job.retryBlocked}
        </p>
      ) : null}
    </li>
  );
}
