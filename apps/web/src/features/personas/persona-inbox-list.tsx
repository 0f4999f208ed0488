// The persona's conversations, as the reader's own list shows them: who, the last message, when,
// and what the team has not read. Requests waiting for an answer come first, with Accept. The
// conversation open is kept in the address (?with=<partnerId>).
import type { ConversationSummary } from "@litverse/shared/messages";
import type { PersonaInbox } from "@litverse/shared/personas";
import { ImageIcon, MessageCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { TeamBadge } from "../../components/people/team-badge.tsx";
import { useNow } from "../../components/people/use-now.ts";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { formatRelativeDate } from "../../lib/format.ts";
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
        const last = item.lastMessage;
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
              <PersonAvatar person={item.partner} size="md" showPresence />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span
                    className={cn("line-clamp-1", item.unreadCount > 0 ? "font-semibold" : "font-medium")}
                  >
                    {item.partner.name}
                  </span>
                  <TeamBadge person={item.partner} />
                  {last ? (
                    <span className="shrink-0 text-xs text-muted-foreground">
                      {formatRelativeDate(last.createdAt, now)}
                    </span>
                  ) : null}
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span
                    className={cn(
                      "line-clamp-1 text-sm",
                      item.unreadCount > 0 ? "text-foreground" : "text-muted-foreground",
                    )}
                  >
                    {last ? (
                      <>
                        {last.fromMe ? `${speaker}: ` : ""}
                        {last.hasImage && !last.body ? (
                          <span className="inline-flex items-center gap-1">
                            <ImageIcon className="size-3.5" aria-hidden />
                            Picture
                          </span>
                        ) : (
                          last.body
                        )}
                      </>
                    ) : null}
                  </span>
                  {item.unreadCount > 0 ? (
                    <span
                      className="shrink-0 rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white tabular-nums"
                      data-testid="persona-conversation-unread"
                    >
                      {item.unreadCount > 99 ? "99+" : item.unreadCount}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
            {renderAction?.(item)}
          </li>
        );
      })}
    </ul>
  );
}
