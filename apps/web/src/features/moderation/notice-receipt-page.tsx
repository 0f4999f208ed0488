// /report-illegal-content/:reference: a notice as its sender follows it: when it arrived, what it
// named, and, once decided, what was decided and when.
import { CheckCircle2, Clock } from "lucide-react";
import { Link, useParams } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { errorCode } from "../../lib/errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { useNoticeReceipt } from "./use-notice.ts";

export function NoticeReceiptPage() {
  useDocumentTitle("Your notice");
  const { reference = "" } = useParams();
  const receipt = useNoticeReceipt(reference);
  const data = receipt.data;
  return (
    <>
      <PageHeader
        title="Your notice"
        eyebrow={
          <Link to="/report-illegal-content" className="hover:text-foreground">
            Report illegal content
          </Link>
        }
      />
      {receipt.isError ? (
        ["NOT_FOUND", "BAD_REQUEST"].includes(errorCode(receipt.error) ?? "") ? (
          <EmptyState
            title="No notice with this reference"
            text="Check the reference: it is the one shown when the notice was sent."
          />
        ) : (
          <ErrorState
            title="Could not load the notice"
            error={receipt.error}
            onRetry={() => void receipt.refetch()}
            isRetrying={receipt.isFetching}
          />
        )
      ) : !data ? (
        <Skeleton className="h-48 w-full rounded-2xl" />
      ) : (
        <Card>
          <CardContent className="space-y-4">
            <p className="flex flex-wrap items-center gap-2">
              {data.status === "decided" ? (
                <Badge variant="success">
                  <CheckCircle2 aria-hidden />
                  Decided
                </Badge>
              ) : (
                <Badge variant="brand">
                  <Clock aria-hidden />
                  Received, being looked at
                </Badge>
              )}
              <code className="font-mono text-xs break-all text-muted-foreground">{data.reference}</code>
            </p>
            <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
              <dt className="text-muted-foreground">Received</dt>
              <dd>{formatDateTime(data.receivedAt)}</dd>
              <dt className="text-muted-foreground">Content</dt>
              <dd className="break-all">{data.url}</dd>
              {data.status === "decided" ? (
                <>
                  <dt className="text-muted-foreground">Decided</dt>
                  <dd>{data.decidedAt ? formatDateTime(data.decidedAt) : "Yes"}</dd>
                  <dt className="text-muted-foreground">Outcome</dt>
                  <dd className="break-words" data-testid="notice-outcome">
                    {data.outcome ?? "No outcome given."}
                  </dd>
                </>
              ) : (
                <>
                  <dt className="text-muted-foreground">Outcome</dt>
                  <dd>Not decided yet. The outcome shows here once it is.</dd>
                </>
              )}
            </dl>
          </CardContent>
        </Card>
      )}
    </>
  );
}
