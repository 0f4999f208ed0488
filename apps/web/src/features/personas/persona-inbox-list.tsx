// The persona's conversations, as the reader's own list shows them: who, the last message, when,
// and what the team has not read. Requests waiting for an answer come first, with Accept. The
// conversation open is kept in the address (?with=<partnerId>).
import type { ConversationSummary } from "@litverse/shared/messages";
import type { PersonaInbox } from "@litverse/shared/personas";
import { MessageCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ConversationSummaryRow } from "../../components/messages/conversation-summary.tsx";
import { useNow } from "../../components/people/use-now.ts";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { useAcceptPersonaRequest } from "./use-persona-messages.ts";

/** What goes before the persona's own last message: its first name. */
function speakerOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export function PersonaInboxList({
  inbox,
  activePartnerId,
}: {
  inbox: PersonaInbox;
  activePartnerId: string | null;
}) {
  const personaId = inbox.persona._id;
  const { accept, acceptingId } = useAcceptPersonaRequest(personaId);
  const speaker = speakerOf(inbox.persona.name);
  return (
    <div className="min-h-0 flex-1 overflow-y-auto pb-2">
      {inbox.requests.length > 0 ? (
        <section aria-labelledby="persona-requests" className="border-b border-border pb-2">
          <h2 id="persona-requests" className="flex items-center gap-2 px-4 pt-3 pb-1 text-sm font-semibold">
            Requests
            <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white tabular-nums">
              {inbox.requests.length}
            </span>
          </h2>
          <p className="px-4 pb-1 text-xs text-muted-foreground">
            They wrote after declining the persona's first message. Accept to answer them.
          </p>
          <Conversations
            items={inbox.requests}
            activePartnerId={activePartnerId}
            speaker={speaker}
            renderAction={(item) => (
              <Button
                size="sm"
                variant="secondary"
                className="mr-2"
                onClick={() => void accept(item.partner._id)}
                isLoading={acceptingId === item.partner._id}
                aria-label={`Accept the request of ${item.partner.name}`}
              >
                Accept
              </Button>
            )}
          />
        </section>
      ) : null}
      <section aria-labelledby="persona-chats">
        <h2 id="persona-chats" className="px-4 pt-3 pb-1 text-sm font-semibold">
          Conversations
        </h2>
        {inbox.chats.length === 0 ? (
          <EmptyState
            as="h3"
            icon={MessageCircle}
            title="No conversations yet"
            text={`When a reader writes to ${inbox.persona.name}, the conversation shows here at once.`}
            className="mx-4 border-0 px-2"
          />
        ) : (
          <Conversations items={inbox.chats} activePartnerId={activePartnerId} speaker={speaker} />
        )}
      </section>
    </div>
  );
}

function Conversations({
  items,
  activePartnerId,
  speaker,
  renderAction,
}: {
  items: ConversationSummary[];
  activePartnerId: string | null;
  /** Who "said" the persona's own last messages. */
  speaker: string;
  renderAction?: (item: ConversationSummary) => ReactNode;
}) {
  const now = useNow();
  return (
    <ul className="px-2">
      {items.map((item) => {
        const isActive = item.partner._id === activePartnerId;
        return (
          <li key={item._id} className="flex items-center">
            <Link
              to={{ search: `?with=${item.partner._id}` }}
              aria-current={isActive ? "page" : undefined}
              className={cn(
                "flex min-w-0 flex-1 items-center gap-3 rounded-xl px-2 py-2.5 transition hover:bg-muted",
                isActive && "bg-muted",
              )}
              data-testid="persona-conversation"
            >
              <ConversationSummaryRow
                item={item}
                now={now}
                speaker={speaker}
                unreadTestId="persona-conversation-unread"
              />
            </Link>
            {renderAction?.(item)}
          </li>
        );
      })}
    </ul>
  );
}
