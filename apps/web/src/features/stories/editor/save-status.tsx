// Whether the draft has reached the server: "Saving…", "Saved", or what went wrong with a retry.
import { CircleAlert, CircleCheck, CloudUpload, RotateCw } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import type { SaveStatus as SaveStatusValue } from "./use-autosave.ts";

export function SaveStatus({ status, onRetry }: { status: SaveStatusValue; onRetry: () => void }) {
  return (
    <div
      className="flex min-w-0 items-center gap-1.5 text-sm"
      role="status"
      aria-live="polite"
      data-testid="save-status"
    >
      {status.state === "saved" ? (
        <>
          <CircleCheck className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
          <span className="text-muted-foreground">Saved</span>
        </>
      ) : status.state === "pending" ? (
        <>
          <CloudUpload className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="text-muted-foreground">Unsaved changes</span>
        </>
      ) : status.state === "saving" ? (
        <>
          <Spinner className="size-4" />
          <span className="text-muted-foreground">Saving…</span>
        </>
      ) : status.state === "failed" ? (
        <>
          <CircleAlert className="size-4 shrink-0 text-rose-600 dark:text-rose-400" aria-hidden />
          <span className="truncate font-medium text-rose-700 dark:text-rose-300" title={status.message}>
            Not saved: {status.message}
          </span>
          <Button variant="ghost" size="sm" className="shrink-0" onClick={onRetry}>
            <RotateCw aria-hidden />
            Retry
          </Button>
        </>
      ) : (
        <>
          <CircleAlert className="size-4 shrink-0 text-rose-600 dark:text-rose-400" aria-hidden />
          <span className="font-medium text-rose-700 dark:text-rose-300">Not saved</span>
        </>
      )}
    </div>
  );
}
