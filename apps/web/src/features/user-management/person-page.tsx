// /admin/user-management/:userId (superadmins): one person's account and what can be done to it,
// beside their coins, purchases, subscription, email, reports, sessions and devices, and the account's
// history. Live: an action taken here or anywhere else shows at once.
import { ArrowLeft, UserRoundX } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AccountDetails } from "./account-details.tsx";
import { HistorySection, ReportsSection, SessionsSection } from "./activity-sections.tsx";
import { EmailSection } from "./email-section.tsx";
import { CoinsSection, PurchasesSection, SubscriptionSection } from "./money-sections.tsx";
import { PersonActions } from "./person-actions.tsx";
import { ListingAvatar } from "./person-badges.tsx";
import { displayName } from "./person-values.ts";
import { type PersonRecordSent, useIsSignedInPerson, usePerson } from "./use-person.ts";

function BackLink() {
  return (
    <Link to="/admin/user-management" className="inline-flex items-center gap-1 hover:text-foreground">
      <ArrowLeft className="size-4" aria-hidden /> User Management
    </Link>
  );
}

export function PersonPage({ userId }: { userId: string }) {
  const person = usePerson(userId);
  const isSignedInPerson = useIsSignedInPerson(userId);
  useDocumentTitle(person.data ? displayName(person.data.listing) : null);

  if (person.isError && !person.data) {
    return (
      <Page width="wide" className="space-y-6 py-8">
        <PageHeader title="User Management" eyebrow={<BackLink />} />
        <ErrorState
          title="Could not load this person"
          error={person.error}
          onRetry={() => void person.refetch()}
          isRetrying={person.isFetching}
        />
      </Page>
    );
  }
  if (!person.data) {
    return (
      <Page width="wide" className="space-y-6 py-8" role="status" aria-label="Loading the person">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-10 w-72 max-w-full" />
        <div className="grid gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
          <Skeleton className="h-96 w-full" />
          <Skeleton className="h-96 w-full" />
        </div>
      </Page>
    );
  }
  return <PersonRecordView record={person.data} isSignedInPerson={isSignedInPerson} />;
}

function PersonRecordView({
  record,
  isSignedInPerson,
}: {
  record: PersonRecordSent;
  isSignedInPerson: boolean;
}) {
  const { listing } = record;
  const isDeleted = listing.standing.state === "deleted";
  const contact = [listing.handle ? `@${listing.handle}` : null, listing.email].filter(Boolean).join(" · ");
  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        eyebrow={<BackLink />}
        title={
          <span className="flex items-center gap-3">
            <ListingAvatar person={listing} size="md" />
            <span className="min-w-0">{displayName(listing)}</span>
          </span>
        }
        description={contact || undefined}
      />
      <div className="grid gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          {isDeleted ? <DeletedNotice /> : null}
          <AccountDetails record={record} />
          <PersonActions record={record} isSignedInPerson={isSignedInPerson} />
          <SubscriptionSection subscription={record.subscription} />
          <EmailSection record={record} />
        </div>
        <div className="min-w-0 space-y-6">
          <CoinsSection coins={record.coins} />
          <PurchasesSection payments={record.payments} />
          <ReportsSection reports={record.reports} />
          <SessionsSection record={record} />
          <HistorySection history={record.history} />
        </div>
      </div>
    </Page>
  );
}

function DeletedNotice() {
  return (
    <Card role="status" data-testid="deleted-notice">
      <CardContent className="flex items-start gap-3">
        <UserRoundX className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="text-sm">
          <p className="font-semibold">Deleted</p>
          <p className="text-muted-foreground">
            Their personal data is erased and nobody can sign in to this account. Its money records are kept
            under no name.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
