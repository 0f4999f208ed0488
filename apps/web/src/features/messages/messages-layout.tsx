// Messages: the conversation list and, when one is chosen, its thread. Side by side on wide
// screens; on a phone the list, or the thread alone.
import { MessageCircle } from "lucide-react";
import { cn } from "../../components/ui/cn.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { ConversationList } from "./conversation-list.tsx";
import { Thread } from "./thread.tsx";

export function MessagesLayout({ partnerId }: { partnerId: string | null }) {
  useDocumentTitle("Messages");
  return (
    <Page width="wide" gutter={false} className="flex h-shell-page gap-4 sm:px-6 sm:py-4">
      <section
        aria-labelledby="messages-title"
        className={cn(
          "min-h-0 w-full flex-col border-border bg-card sm:rounded-2xl sm:border lg:flex lg:w-96 lg:shrink-0",
          partnerId ? "hidden" : "flex",
        )}
      >
        <ConversationList activePartnerId={partnerId} />
      </section>
      <section
        aria-label="Conversation"
        className={cn(
          "min-h-0 flex-1 flex-col border-border bg-card sm:rounded-2xl sm:border",
          partnerId ? "flex" : "hidden lg:flex",
        )}
      >
        {partnerId ? (
          <Thread key={partnerId} partnerId={partnerId} />
        ) : (
          <div className="flex flex-1 items-center justify-center p-6">
            <EmptyState
              icon={MessageCircle}
              as="h2"
              title="Choose a conversation"
              text="Or start one from a friend's profile."
              className="border-0"
            />
          </div>
        )}
      </section>
    </Page>
  );
}
