// Make Friends (/users): find people by name or handle; otherwise people one may know, with the
// reason, the requests waiting either way, and one's friends. Live: a request or an answer shows at
// once. The tab is in the address (`?tab=requests`).
import type { PersonSummary, PersonWithState } from "@litverse/shared/people";
import { Search, Sparkles, UserPlus, Users } from "lucide-react";
import { type ReactNode, useDeferredValue, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { formatRelativeDate } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { FriendButton } from "../profiles/index.ts";
import { useFriendRequests, useFriendSuggestions, useFriends, usePeopleSearch } from "./use-people.ts";

const TABS = ["suggestions", "requests", "friends"] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  suggestions: "Suggestions",
  requests: "Requests",
  friends: "Friends",
};

export function MakeFriendsPage() {
  useDocumentTitle("Make Friends");
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : "suggestions";
  const [query, setQuery] = useState("");
  const searching = useDeferredValue(query.trim());
  const requests = useFriendRequests();
  const incoming = requests.data?.incoming.length ?? 0;

  return (
    <Page width="wide" className="py-8">
      <PageHeader
        title="Make Friends"
        description="Readers who share your taste, and the friends you have."
      />
      <div className="relative mt-6">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search by name or @handle"
          aria-label="Search people"
          className="pl-9"
          maxLength={60}
        />
      </div>
      {searching ? (
        <SearchResults query={searching} />
      ) : (
        <Tabs
          value={tab}
          onValueChange={(value) =>
            setParams(value === "suggestions" ? {} : { tab: value }, { replace: true })
          }
          className="mt-6"
        >
          <TabsList variant="underline" aria-label="People">
            {TABS.map((value) => (
              <TabsTrigger key={value} value={value}>
                {TAB_LABELS[value]}
                {value === "requests" && incoming > 0 ? (
                  <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white tabular-nums">
                    {incoming}
                  </span>
                ) : null}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="suggestions">
            <Suggestions />
          </TabsContent>
          <TabsContent value="requests">
            <Requests />
          </TabsContent>
          <TabsContent value="friends">
            <Friends />
          </TabsContent>
        </Tabs>
      )}
    </Page>
  );
}

function PersonRow({
  person,
  detail,
  action,
}: {
  person: PersonSummary;
  detail?: ReactNode;
  action?: ReactNode;
}) {
  const path = person.handle ? `/user/${person.handle}` : `/profile/${person._id}`;
  return (
    <li
      className="flex items-center gap-3 rounded-2xl border border-border bg-card p-3 shadow-sm"
      data-testid="person-row"
    >
      <PersonAvatar person={person} size="md" showPresence />
      <div className="min-w-0 flex-1">
        <Link to={path} className="line-clamp-1 font-medium hover:underline">
          {person.name}
        </Link>
        {person.handle ? (
          <p className="line-clamp-1 text-sm text-muted-foreground">@{person.handle}</p>
        ) : null}
        {detail ? <p className="line-clamp-2 text-sm text-muted-foreground">{detail}</p> : null}
      </div>
      {action}
    </li>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading people" className="mt-4 space-y-3">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-16 w-full" />
      ))}
    </div>
  );
}

function SearchResults({ query }: { query: string }) {
  // Live, so that a request sent from a result shows its new state there.
  const results = usePeopleSearch(query);
  if (results.isPending) return <ListSkeleton />;
  if (results.isError)
    return <ErrorState className="mt-4" error={results.error} onRetry={() => void results.refetch()} />;
  if (results.data.length === 0) {
    return (
      <EmptyState
        className="mt-4"
        icon={Search}
        title="Nobody by that name"
        text="Try part of a name, or a handle."
      />
    );
  }
  return (
    <section aria-label="Search results" className="mt-4">
      <ul className="space-y-3">
        {results.data.map(({ person, friendState }: PersonWithState) => (
          <PersonRow
            key={person._id}
            person={person}
            action={<FriendButton userId={person._id} name={person.name} state={friendState} size="sm" />}
          />
        ))}
      </ul>
    </section>
  );
}

function Suggestions() {
  const suggestions = useFriendSuggestions();
  if (suggestions.isPending) return <ListSkeleton />;
  if (suggestions.isError) {
    return <ErrorState error={suggestions.error} onRetry={() => void suggestions.refetch()} />;
  }
  if (suggestions.data.length === 0) {
    return (
      <EmptyState
        icon={Sparkles}
        title="No suggestions yet"
        text="Follow and read a few titles: people reading the same ones show up here."
      />
    );
  }
  return (
    <ul className="space-y-3">
      {suggestions.data.map((suggestion) => (
        <PersonRow
          key={suggestion.person._id}
          person={suggestion.person}
          detail={<span data-testid="suggestion-reason">{suggestion.reason}</span>}
          action={
            <FriendButton
              userId={suggestion.person._id}
              name={suggestion.person.name}
              state="none"
              size="sm"
            />
          }
        />
      ))}
    </ul>
  );
}

function Requests() {
  const requests = useFriendRequests();
  if (requests.isPending) return <ListSkeleton />;
  if (requests.isError) return <ErrorState error={requests.error} onRetry={() => void requests.refetch()} />;
  const { incoming, outgoing } = requests.data;
  if (incoming.length + outgoing.length === 0) {
    return <EmptyState icon={UserPlus} title="No requests" text="Requests you receive and send wait here." />;
  }
  return (
    <div className="space-y-6">
      {incoming.length > 0 ? (
        <section aria-labelledby="requests-received">
          <h2 id="requests-received" className="mb-3 font-semibold">
            Received
          </h2>
          <ul className="space-y-3">
            {incoming.map(({ person, sentAt }) => (
              <PersonRow
                key={person._id}
                person={person}
                detail={formatRelativeDate(sentAt)}
                action={<FriendButton userId={person._id} name={person.name} state="incoming" size="sm" />}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {outgoing.length > 0 ? (
        <section aria-labelledby="requests-sent">
          <h2 id="requests-sent" className="mb-3 font-semibold">
            Sent
          </h2>
          <ul className="space-y-3">
            {outgoing.map(({ person, sentAt }) => (
              <PersonRow
                key={person._id}
                person={person}
                detail={formatRelativeDate(sentAt)}
                action={<FriendButton userId={person._id} name={person.name} state="requested" size="sm" />}
              />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function Friends() {
  const friends = useFriends();
  if (friends.isPending) return <ListSkeleton />;
  if (friends.isError) return <ErrorState error={friends.error} onRetry={() => void friends.refetch()} />;
  if (friends.data.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title="No friends yet"
        text="Add people from the suggestions, or search for someone you know."
      />
    );
  }
  return (
    <ul className="space-y-3">
      {friends.data.map((person) => (
        <PersonRow
          key={person._id}
          person={person}
          action={<FriendButton userId={person._id} name={person.name} state="friends" size="sm" />}
        />
      ))}
    </ul>
  );
}
