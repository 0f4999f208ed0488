import { RotateCw, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { describeError } from "../../lib/errors.ts";
import { Button } from "./button.tsx";
import { cn } from "./cn.ts";

export interface ErrorStateProps {
  /** What failed, as the query threw it; its message is worded by describeError. */
  error?: unknown;
  /** Overrides the message taken from `error`. */
  message?: ReactNode;
  title?: ReactNode;
  /** Usually the query's refetch; without it there is no "Try again" button. */
  onRetry?: () => void;
  /** Spins the button while the retry runs (the query's isFetching). */
  isRetrying?: boolean;
  className?: string;
}

/** In place of content whose query failed: what went wrong and a way to try again. */
export function ErrorState({
  error,
  message,
  title = "Could not load this",
  onRetry,
  isRetrying = false,
  className,
}: ErrorStateProps) {
  const text = message ?? describeError(error).message;
  return (
    <section
      role="alert"
      className={cn(
        "flex flex-col items-center rounded-2xl border border-border bg-card px-6 py-10 text-center",
        className,
      )}
    >
      <span className="mb-4 inline-flex size-12 items-center justify-center rounded-full bg-rose-50 text-rose-600 dark:bg-rose-400/10 dark:text-rose-400">
        <TriangleAlert className="size-6" aria-hidden />
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-muted-foreground">{text}</p>
      {onRetry ? (
        <Button variant="secondary" className="mt-5" onClick={onRetry} isLoading={isRetrying}>
          {isRetrying ? null : <RotateCw aria-hidden />}
          Try again
        </Button>
      ) : null}
    </section>
  );
}
