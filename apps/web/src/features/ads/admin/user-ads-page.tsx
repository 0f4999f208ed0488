// /admin/ads/user-ads: the ads people pay for, as the team reviews them. Waiting ones (oldest
// first, kept live) are approved or rejected with a reason; rejected and running ones stay to look
// back at, and a running one can still be taken down. The tab is kept in the address (?tab=…).
import { CircleCheck, CircleSlash, Inbox } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { useTabParam } from "../../../lib/use-tab-param.ts";
import { type ReviewStatus, useReviewQueue } from "./use-ad-review.ts";
import { UserAdEntry } from "./user-ads-entry.tsx";

const TABS = ["waiting", "rejected", "running"] as const;
type Tab = (typeof TABS)[number];

const STATUS_OF: Record<Tab, ReviewStatus> = {
  waiting: "in_review",
  rejected: "rejected",
  running: "active",
};

const EMPTY: Record<ReviewStatus, { icon: typeof Inbox; title: string; text: string }> = {
  in_review: {
    icon: Inbox,
    title: "Nothing waiting",
    text: "New ads show here as people submit them.",
  },
  rejected: {
    icon: CircleSlash,
    title: "No rejected ads",
    text: "Ads turned down, with the reason their advertiser was given, show here.",
  },
  active: {
    icon: CircleCheck,
    title: "No ads running",
    text: "Approved ads show here until they end or are stopped.",
  },
};

export function UserAdsPage() {
  useDocumentTitle("User Ads");
  const [tab, setTab] = useTabParam(TABS);
  // Always read, for the count in the tab's label.
  const waiting = useReviewQueue("in_review");
  const waitingCount = waiting.entries?.length;

  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="User Ads"
        description="Ads that people pay for with their coins. Their whole budget is held from the wallet while they wait; rejecting gives back what is left, with your reason."
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList variant="underline" aria-label="User ads">
          <TabsTrigger value="waiting">
            Waiting
            {waitingCount !== undefined ? (
              <Badge variant={waitingCount > 0 ? "warning" : "neutral"} data-testid="waiting-count">
                {waitingCount}
              </Badge>
            ) : null}
          </TabsTrigger>
          <TabsTrigger value="rejected">Rejected</TabsTrigger>
          <TabsTrigger value="running">Running</TabsTrigger>
        </TabsList>
        {TABS.map((value) => (
          <TabsContent key={value} value={value}>
            {value === "waiting" ? (
              <ReviewList status="in_review" query={waiting} />
            ) : (
              <OtherList status={STATUS_OF[value]} />
            )}
          </TabsContent>
        ))}
      </Tabs>
    </Page>
  );
}

/** The rejected or running ads: read when their tab opens. */
function OtherList({ status }: { status: ReviewStatus }) {
  const query = useReviewQueue(status);
  return <ReviewList status={status} query={query} />;
}

function ReviewList({ status, query }: { status: ReviewStatus; query: ReturnType<typeof useReviewQueue> }) {
  if (query.isError && !query.entries) {
    return (
      <ErrorState
        title="Could not load the ads"
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  if (!query.entries) {
    return (
      <div className="space-y-4" role="status" aria-label="Loading the ads">
        <Skeleton className="h-96 w-full rounded-2xl" />
        <Skeleton className="h-96 w-full rounded-2xl" />
      </div>
    );
  }
  if (query.entries.length === 0) {
    const empty = EMPTY[status];
    return <EmptyState icon={empty.icon} title={empty.title} text={empty.text} />;
  }
  return (
    <ul className="space-y-6" aria-label={`${query.entries.length} ads`}>
      {query.entries.map((entry) => (
        <li key={entry.campaign.id}>
          <UserAdEntry entry={entry} />
        </li>
      ))}
    </ul>
  );
}
