// /admin/flagged-content-review: one item and everything needed to decide about it. With ?item= it
// is that item; without, the first item nobody has claimed yet ("Review next"), which moves on by
// itself once decided. Claiming it there keeps it on screen under its own address.
import type { ModerationReview } from "@litverse/shared/moderation";
import { ArrowLeft, Hand, ShieldCheck, Undo2 } from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { errorCode } from "../../lib/errors.ts";
import { formatRelativeDate } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { PendingAppeals } from "./appeal-review.tsx";
import { DecisionForm } from "./decision-form.tsx";
import { reviewPath } from "./queue-row.tsx";
import { ContextList, ItemPanel, ReportsList, ReviewSection } from "./review-item.tsx";
import { AuthorHistory, ItemDecisions, NotesPanel } from "./review-side.tsx";
import { useModerationAccess } from "./use-moderation-access.ts";
import { useClaim, useModerationQueue } from "./use-moderation-queue.ts";
import { useModerationReview } from "./use-moderation-review.ts";

const NEXT_INPUT = { state: "pending", assignee: "unclaimed" } as const;

export function ReviewPage() {
  const [params] = useSearchParams();
  const itemId = params.get("item");
  return (
    <Page width="wide" className="space-y-6 py-8">
      <Link
        to="/admin/flagged-content"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Flagged Content
      </Link>
      {itemId ? <Review itemId={itemId} isNext={false} /> : <NextItem />}
    </Page>
  );
}

/** The first item waiting that nobody has claimed. */
function NextItem() {
  useDocumentTitle("Review next");
  const queue = useModerationQueue(NEXT_INPUT);
  const { first } = queue;
  if (first.isError && !first.data) {
    return (
      <ErrorState title="Could not load the queue" error={first.error} onRetry={() => void first.refetch()} />
    );
  }
  if (!first.data) return <ReviewSkeleton />;
  const next = queue.items[0];
  if (!next) {
    return (
      <>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Review next</h1>
        <EmptyState
          icon={ShieldCheck}
          title="Nothing is waiting"
          text="Every report has a decision or a moderator on it. New ones show here as they arrive."
          action={
            <Button asChild variant="secondary">
              <Link to="/admin/flagged-content">Back to the queue</Link>
            </Button>
          }
        />
      </>
    );
  }
  return <Review key={next.id} itemId={next.id} isNext />;
}

function Review({ itemId, isNext }: { itemId: string; isNext: boolean }) {
  const review = useModerationReview(itemId);
  const data = review.data;
  useDocumentTitle(isNext ? "Review next" : (data?.item.target.label ?? "Flagged Content Review"));
  if (review.isError && !data) {
    const code = errorCode(review.error);
    if (code === "NOT_FOUND" || code === "BAD_REQUEST") {
      return (
        <EmptyState
          icon={ShieldCheck}
          title="No such item"
          text="It may have been deleted, or the link is not complete."
          action={
            <Button asChild variant="secondary">
              <Link to="/admin/flagged-content">Back to the queue</Link>
            </Button>
          }
        />
      );
    }
    return (
      <ErrorState
        title="Could not load this item"
        error={review.error}
        onRetry={() => void review.refetch()}
      />
    );
  }
  if (!data) return <ReviewSkeleton />;
  return <ReviewView review={data} isNext={isNext} />;
}

function ReviewView({ review, isNext }: { review: ModerationReview; isNext: boolean }) {
  const { item } = review;
  const { canManage, myId } = useModerationAccess();
  return (
    <>
      <header className="space-y-3">
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
          {isNext ? "Review next" : item.target.label}
        </h1>
        <ClaimBar review={review} isNext={isNext} canManage={canManage} myId={myId} />
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <ItemPanel item={item} />
          <ContextList entries={review.context} />
          <ReportsList reports={review.reports} />
          <PendingAppeals appeals={review.pendingAppeals} myId={myId} canManage={canManage} />
          {item.state === "decided" ? (
            <p className="text-sm text-muted-foreground">
              Decided. A new report about it puts it back in the queue, to be decided again.
            </p>
          ) : canManage ? (
            <ReviewSection title="Decide" id="review-decide">
              {/* Keyed by the decisions made: a decision made starts the form afresh. */}
              <DecisionForm key={review.decisions.length} item={item} />
            </ReviewSection>
          ) : (
            <p className="text-sm text-muted-foreground">
              Deciding needs the moderation permission to manage.
            </p>
          )}
        </div>
        <aside className="min-w-0 space-y-6" aria-label="History and notes">
          <AuthorHistory history={review.authorHistory} hasAuthor={item.author !== null} />
          <NotesPanel itemId={item.id} notes={review.notes} canManage={canManage} />
          <ItemDecisions decisions={review.decisions} />
        </aside>
      </div>
    </>
  );
}

function ClaimBar({
  review,
  isNext,
  canManage,
  myId,
}: {
  review: ModerationReview;
  isNext: boolean;
  canManage: boolean;
  myId: string | null;
}) {
  const { item } = review;
  const claims = useClaim();
  const navigate = useNavigate();
  const isMine = item.claimedBy !== null && item.claimedBy.id === myId;
  const claim = async () => {
    // Claimed, it is no longer the next unclaimed one: it stays on screen under its own address.
    if ((await claims.claim(item.id)) && isNext) void navigate(reviewPath(item.id), { replace: true });
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      {isNext ? <p className="w-full font-semibold break-words">{item.target.label}</p> : null}
      <Badge variant={item.state === "pending" ? "brand" : "success"}>
        {item.state === "pending" ? "Waiting for a decision" : "Decided"}
      </Badge>
      <span className="text-sm text-muted-foreground">
        First reported {formatRelativeDate(item.firstReportedAt)} ·{" "}
        {item.claimedBy ? (isMine ? "claimed by you" : `claimed by ${item.claimedBy.name}`) : "unclaimed"}
      </span>
      {canManage && (item.state === "pending" || item.hasPendingAppeal) ? (
        isMine ? (
          <Button
            size="sm"
            variant="secondary"
            isLoading={claims.busyItemId === item.id}
            onClick={() => claims.release(item.id)}
          >
            <Undo2 aria-hidden />
            Release
          </Button>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            isLoading={claims.busyItemId === item.id}
            onClick={() => void claim()}
          >
            <Hand aria-hidden />
            {item.claimedBy ? "Take over" : "Claim"}
          </Button>
        )
      ) : null}
    </div>
  );
}

function ReviewSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <Skeleton className="h-96 w-full rounded-2xl" />
      <Skeleton className="h-64 w-full rounded-2xl" />
    </div>
  );
}
