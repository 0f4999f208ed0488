// Recent imports, kept current by the server: each job's files, where it stands, and its outcome
// (a link to the new title, or why it failed, in plain words). Unfinished ones can be cancelled.
import type { ImportJob } from "@litverse/shared/jobs";
import { CircleCheck, CircleX, FileStack } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Progress } from "../../components/ui/progress.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatDateTime, formatRelativeDate } from "../../lib/format.ts";
import { CONTENT_TYPE_LABELS, JOB_STATUS_LABELS, JOB_STATUS_VARIANTS } from "./labels.ts";
import { useCancelImport, useImportJobs } from "./use-imports.ts";

/** How many jobs show before "Show all", unless more are recent … */
const SHOWN = 3;
/** … which is started in the last 15 minutes … */
const RECENT_MS = 15 * 60_000;
/** … up to this many. */
const MAX_SHOWN = 10;

export const editorPath = (contentId: string) => `/admin/content-management?content=${contentId}`;

const isActive = (job: ImportJob) => job.status === "queued" || job.status === "running";

export function ImportsPanel({
  contentId,
  title = "Imports",
  action,
}: {
  /** Only the imports that made this title or added episodes to it. */
  contentId?: string;
  title?: string;
  /** A button in the panel's header ("Import files"). */
  action?: ReactNode;
}) {
  const jobs = useImportJobs();
  const [isExpanded, setIsExpanded] = useState(false);
  const all = (jobs.data ?? []).filter(
    (job) => !contentId || job.targetContentId === contentId || job.result?.contentId === contentId,
  );
  // Unfinished and recent imports always show (a batch started together stays in view as it
  // finishes), up to a point.
  const activeCount = all.filter(isActive).length;
  const recentCount = all.filter(
    (job) => isActive(job) || Date.now() - Date.parse(job.createdAt) < RECENT_MS,
  ).length;
  const collapsedCount = Math.min(Math.max(SHOWN, recentCount), MAX_SHOWN);
  const shown = isExpanded ? all : all.slice(0, collapsedCount);
  // The title's own panel shows nothing until it has something to show.
  if (contentId && jobs.data && all.length === 0) return null;

  return (
    <Card aria-labelledby="imports-heading" role="region" data-testid="imports-panel">
      <CardHeader>
        <div>
          <CardTitle id="imports-heading">{title}</CardTitle>
          <CardDescription>
            {activeCount > 0
              ? `${activeCount} running or waiting. Updated live.`
              : "The latest imports by anyone on the team, updated live."}
          </CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent>
        {jobs.isError && !jobs.data ? (
          <ErrorState
            title="Could not load the imports"
            error={jobs.error}
            onRetry={() => void jobs.refetch()}
            isRetrying={jobs.isFetching}
          />
        ) : !jobs.data ? (
          <div className="space-y-3" role="status" aria-label="Loading imports">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : all.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-border px-4 py-8 text-center">
            <FileStack className="size-7 text-brand-500" aria-hidden />
            <p className="mt-2 font-medium">No imports yet</p>
            <p className="text-sm text-muted-foreground">
              Import EPUB, CBZ, audio or video files and they show here while they are read.
            </p>
          </div>
        ) : (
          <>
            <ul className="space-y-3">
              {shown.map((job) => (
                <ImportJobItem key={job._id} job={job} />
              ))}
            </ul>
            {all.length > collapsedCount ? (
              <Button
                variant="ghost"
                size="sm"
                className="mt-3"
                aria-expanded={isExpanded}
                onClick={() => setIsExpanded(!isExpanded)}
              >
                {isExpanded ? "Show fewer" : `Show all ${all.length}`}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ImportJobItem({ job }: { job: ImportJob }) {
  const { cancel, isPending } = useCancelImport();
  const files = job.fileNames.join(", ");
  const active = isActive(job);
  return (
    <li
      className="rounded-xl border border-border p-3 sm:p-4"
      data-testid="import-job"
      data-job-id={job._id}
      data-status={job.status}
      aria-label={`Import of ${files}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold" title={files}>
            {files}
          </p>
          <p className="text-xs text-muted-foreground">
            {job.type ? `${CONTENT_TYPE_LABELS[job.type]} · ` : null}
            <time dateTime={job.createdAt} title={formatDateTime(job.createdAt)}>
              {formatRelativeDate(job.createdAt)}
            </time>
            {job.createdByName ? ` · by ${job.createdByName}` : null}
          </p>
        </div>
        <Badge variant={JOB_STATUS_VARIANTS[job.status]} data-testid="import-status">
          {JOB_STATUS_LABELS[job.status]}
        </Badge>
      </div>

      {active ? (
        <div className="mt-3 space-y-2">
          <Progress
            value={job.status === "queued" ? null : job.progress}
            label={`Import of ${files}`}
            size="sm"
          />
          <div className="flex items-center justify-between gap-3">
            <p className="min-w-0 truncate text-sm text-muted-foreground" aria-live="polite">
              {job.message}
              {job.status === "running" ? ` · ${Math.round(job.progress * 100)}%` : null}
            </p>
            <Button
              variant="secondary"
              size="sm"
              isLoading={isPending}
              onClick={() => cancel(job._id)}
              aria-label={`Cancel import of ${files}`}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : null}

      {job.status === "succeeded" && job.result ? (
        <div className="mt-2 space-y-1.5">
          <p className="flex items-start gap-1.5 text-sm">
            <CircleCheck
              className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
              aria-hidden
            />
            <span>
              {job.targetContentId ? "Added " : "Imported "}
              {job.result.episodeCount} {job.result.episodeCount === 1 ? "episode" : "episodes"}
              {job.targetContentId ? ` to ${job.result.title}.` : ` as ${job.result.title}.`}{" "}
              <Link
                to={editorPath(job.result.contentId)}
                className="font-semibold text-brand-600 hover:underline dark:text-brand-400"
              >
                Open {job.result.title}
              </Link>
            </span>
          </p>
          {job.result.warnings.length > 0 ? (
            <details className="text-sm text-amber-800 dark:text-amber-200">
              <summary className="cursor-pointer">
                {job.result.warnings.length} {job.result.warnings.length === 1 ? "note" : "notes"} on the
                files
              </summary>
              <ul className="mt-1 list-disc space-y-0.5 pl-5">
                {job.result.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      ) : null}

      {job.status === "failed" ? (
        <p
          className="mt-2 flex items-start gap-1.5 text-sm text-rose-700 dark:text-rose-300"
          data-testid="import-error"
        >
          <CircleX className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{job.error ?? "The import failed."}</span>
        </p>
      ) : null}
    </li>
  );
}
