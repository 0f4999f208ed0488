import { useRouteError } from "react-router";
import { useFirstScreenHandoff } from "../../first-screen/handoff.ts";

export function ErrorFallback() {
  const error = useRouteError();
  useFirstScreenHandoff();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <main className="flex min-h-screen items-center justify-center bg-background p-4">
      <div className="w-full max-w-md rounded-2xl border border-border bg-card p-6 shadow-sm">
        <h1 className="text-xl font-semibold">Something went wrong</h1>
        <p className="mt-2 text-muted-foreground">
          We encountered an unexpected error. Please try refreshing the page.
        </p>
        <details className="mt-4 rounded-lg bg-muted p-3 text-sm">
          <summary className="cursor-pointer font-medium">Error details</summary>
          <pre className="mt-2 whitespace-pre-wrap break-words text-muted-foreground">{message}</pre>
        </details>
        <div className="mt-6 flex gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            Refresh Page
          </button>
          <button
            type="button"
            onClick={() => window.location.assign("/")}
            className="rounded-lg border border-border px-4 py-2 text-sm font-medium hover:bg-muted"
          >
            Go Home
          </button>
        </div>
      </div>
    </main>
  );
}
