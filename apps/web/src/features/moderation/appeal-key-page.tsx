// /appeal/:key: a decision's statement of reasons and its appeal, through the link its author was
// given (in their notification, and in the refusal a suspended or banned account meets at sign-in).
import { useState } from "react";
import { useParams } from "react-router";
import { useNow } from "../../components/people/use-now.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { errorCode } from "../../lib/errors.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AppealDialog } from "./appeal-dialog.tsx";
import { Statement } from "./my-decisions.tsx";
import { useAppealByKey, useDecisionByKey } from "./use-appeal-by-key.ts";

export function AppealKeyPage() {
  useDocumentTitle("A decision about your content");
  const { key = "" } = useParams();
  const decision = useDecisionByKey(key);
  const { appeal, isAppealing } = useAppealByKey(key);
  const [isAppealOpen, setIsAppealOpen] = useState(false);
  const now = useNow(true, 60_000);
  return (
    <>
      <PageHeader
        title="A decision about your content"
        description="Why our moderators decided as they did, and how to appeal. A different moderator looks at an appeal."
      />
      {decision.isError ? (
        ["NOT_FOUND", "BAD_REQUEST"].includes(errorCode(decision.error) ?? "") ? (
          <EmptyState
            title="No decision at this link"
            text="Check that the link is complete: it is the one in the message about the decision."
          />
        ) : (
          <ErrorState
            title="Could not load the decision"
            error={decision.error}
            onRetry={() => void decision.refetch()}
            isRetrying={decision.isFetching}
          />
        )
      ) : !decision.data ? (
        <Skeleton className="h-64 w-full rounded-2xl" />
      ) : (
        <>
          <ul aria-label="The decision">
            <Statement decision={decision.data} now={now} onAppeal={() => setIsAppealOpen(true)} />
          </ul>
          {isAppealOpen ? (
            <AppealDialog
              decision={decision.data}
              onClose={() => setIsAppealOpen(false)}
              appeal={appeal}
              isAppealing={isAppealing}
            />
          ) : null}
        </>
      )}
    </>
  );
}
