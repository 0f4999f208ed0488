// The conversation list: chats, and message requests waiting for an answer. Live: a new message
// moves its conversation to the top with its unread count.
import type { ConversationSummary } from "@litverse/shared/messages";
import { Inbox, MessageCircle, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ConversationSummaryRow } from "../../components/messages/conversation-summary.tsx";
import { useNow } from "../../components/people/use-now.ts";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { useConversations } from "./use-conversations.ts";

export function ConversationList({ activePartnerId }: { activePartnerId: string | null }) {
  const inbox = useConversations();
  const [tab, setTab] = useState<"chats" | "requests">("chats");
  const requests = inbox.data?.requests.length ?? 0;
  return (
    <>
      <div className="flex items-center justify-between gap-2 px-4 pt-4">
        <h1 id="messages-title" className="text-xl font-bold">
          Messages
        </h1>
        <Button asChild variant="ghost" size="sm">
          <Link to="/users">
            <Users aria-hidden />
            Find people
          </Link>
        </Button>
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) => setTab(value as "chats" | "requests")}
        className="min-h-0 flex-1 gap-2 pt-3"
      >
        <TabsList aria-label="Conversations" className="mx-4">
          <TabsTrigger value="chats">Chats</TabsTrigger>
          <TabsTrigger value="requests">
            Requests
            {requests > 0 ? (
              <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white tabular-nums">
                {requests}
              </span>
            ) : null}
          </TabsTrigger>
        </TabsList>
        {inbox.isPending ? (
          <div role="status" aria-label="Loading conversations" className="space-y-2 px-4">
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} className="h-16 w-full" />
            ))}
          </div>
        ) : inbox.isError ? (
          <ErrorState className="mx-4" error={inbox.error} onRetry={() => void inbox.refetch()} />
        ) : (
          <>
            <TabsContent value="chats" className="min-h-0 flex-1 overflow-y-auto">
              {inbox.data.chats.length === 0 ? (
                <EmptyState
                  icon={MessageCircle}
                  title="No conversations yet"
                  text="Message a friend from their profile."
                  className="mx-4 border-0"
                />
              ) : (
                <Conversations items={inbox.data.chats} activePartnerId={activePartnerId} />
              )}
            </TabsContent>
            <TabsContent value="requests" className="min-h-0 flex-1 overflow-y-auto">
              {inbox.data.requests.length === 0 ? (
                <EmptyState
                  icon={Inbox}
                  title="No message requests"
                  text="Messages from people who are not your friends wait here until you accept them."
                  className="mx-4 border-0"
                />
              ) : (
                <Conversations items={inbox.data.requests} activePartnerId={activePartnerId} />
              )}
            </TabsContent>
          </>
        )}
      </Tabs>
    </>
  );
}

function Conversations({
  items,
  activePartnerId,
}: {
  items: ConversationSummary[];
  activePartnerId: string | null;
}) {
  const now = useNow();
  return (
    <ul className="px-2 pb-2">
      {items.map((item) => {
        const isActive = item.partner._id === activePartnerId;
        return (
          <li key={item._id}>
            <Link
              to={`/messages/${item.partner._id}`}
              aria-current={isActive ? "page" : undefined}
              className={cn(
                "flex items-center gap-3 rounded-xl px-2 py-2.5 transition hover:bg-muted",
                isActive && "bg-muted",
              )}
              data-testid="conversation-item"
            >
              <ConversationSummaryRow
                item={item}
                now={now}
                speaker={"You"}
                unreadTestId="conversation-unread"
              />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
