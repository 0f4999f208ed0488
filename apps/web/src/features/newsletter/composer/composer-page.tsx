// /admin/newsletter?issue=<id> (or ?issue=new): one issue, loaded and kept live, in the composer.
// A new draft, once saved, takes its id in the address without the composer starting over.
import type { NewsletterOverview } from "@litverse/shared/mail";
import { useRef } from "react";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { useIssue } from "../use-newsletter.ts";
import { BackToIssues } from "./back-to-issues.tsx";
import { ComposerForm } from "./composer-form.tsx";

export function ComposerPage({
  issueParam,
  overview,
  onCreated,
}: {
  /** The issue's id, or "new". */
  issueParam: string;
  overview: NewsletterOverview | undefined;
  onCreated: (issueId: string) => void;
}) {
  const issueId = issueParam === "new" ? null : issueParam;
  const issue = useIssue(issueId);
  // The drafts this composer made: their form goes on under the key it had as "new".
  const created = useRef(new Set<string>());
  useDocumentTitle(issueId ? (issue.data?.subject ?? "Newsletter") : "New issue");

  if (issueId && !issue.data) {
    return (
      <Page width="wide" className="space-y-6 py-8">
        <BackToIssues />
        {issue.isError ? (
          <ErrorState
            title="Could not load the issue"
            error={issue.error}
            onRetry={() => void issue.refetch()}
            isRetrying={issue.isFetching}
          />
        ) : (
          <div role="status" aria-label="Loading the issue" className="space-y-4">
            <Skeleton className="h-9 w-72 max-w-full" />
            <Skeleton className="h-96 w-full rounded-2xl" />
          </div>
        )}
      </Page>
    );
  }
  if (!overview) {
    return (
      <Page width="wide" className="space-y-6 py-8" role="status" aria-label="Loading the newsletter">
        <Skeleton className="h-9 w-72 max-w-full" />
        <Skeleton className="h-96 w-full rounded-2xl" />
      </Page>
    );
  }
  return (
    <ComposerForm
      key={issueId && created.current.has(issueId) ? "new" : issueParam}
      issue={issue.data ?? null}
      timeZone={overview.settings.timeZone}
      onCreated={(id) => {
        created.current.add(id);
        onCreated(id);
      }}
    />
  );
}
