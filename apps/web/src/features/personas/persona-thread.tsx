// One of the persona's conversations as the team sees it: the reader, the messages in the reader's
// thread's look (the newest at the bottom, earlier ones as the team member scrolls back), who on
// the team answered under each of the persona's messages, the reader typing, and the composer.
// What the reader sends is marked read while it is open.
import type { PersonSummary } from "@litverse/shared/people";
import type { PersonaChatMessage, PersonaConversation } from "@litverse/shared/personas";
import { ArrowLeft, MessageCircle } from "lucide-react";
import { useLayoutEffect, useRef } from "react";
import { Link } from "react-router";
import {
  MessageContent,
  MessageList,
  MessagesSkeleton,
  seenMessageId,
  ThreadSkeleton,
  TypingIndicator,
} from "../../components/messages/message-parts.tsx";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { presenceLabel } from "../../components/people/presence.ts";
import { useNow } from "../../components/people/use-now.ts";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { errorCode } from "../../lib/errors.ts";
import { PersonaComposer } from "./persona-composer.tsx";
import { profilePathOf } from "./persona-values.ts";
import {
  useAcceptPersonaRequest,
  useMarkPersonaRead,
  usePersonaConversation,
  usePersonaThreadMessages,
} from "./use-persona-messages.ts";

export function PersonaThread({ personaId, partnerId }: { personaId: string; partnerId: string }) {
  const conversation = usePersonaConversation(personaId, partnerId);
  if (conversation.isPending) return <ThreadSkeleton />;
  if (conversation.isError) {
    const code = errorCode(conversation.error);
    return (
      <div className="p-4">
        <BackToList />
        <ErrorState
          title={
            code === "NOT_FOUND" || code === "BAD_REQUEST"
              ? "There is no conversation here"
              : "Could not load the conversation"
          }
          error={conversation.error}
          onRetry={() => void conversation.refetch()}
        />
      </div>
    );
  }
  return <OpenThread view={conversation.data} personaId={personaId} partnerId={partnerId} />;
}

/** On a phone, where the list and the thread show one at a time: back to the list. */
function BackToList() {
  return (
    <Button asChild variant="ghost" size="icon" className="lg:hidden">
      <Link to={{ search: "" }} aria-label="Back to the conversations">
        <ArrowLeft aria-hidden />
      </Link>
    </Button>
  );
}

function OpenThread({
  view,
  personaId,
  partnerId,
}: {
  view: PersonaConversation;
  personaId: string;
  partnerId: string;
}) {
  const { partner, persona } = view;
  const { messages, query, hasOlder, loadOlder, isLoadingOlder } = usePersonaThreadMessages(
    personaId,
    partnerId,
  );
  const now = useNow(true, view.partnerTypingUntil ? 1_000 : 15_000);
  const isTyping = view.partnerTypingUntil !== null && Date.parse(view.partnerTypingUntil) > now;
  const scroller = useRef<HTMLDivElement>(null);
  const isNearBottom = useRef(true);
  const newestId = messages.at(-1)?._id;
  const newestIncoming = messages.findLast((message) => !message.fromMe)?._id;
  useMarkPersonaRead(personaId, partnerId, newestIncoming, view.isRequestToMe);

  // New messages scroll into view when the team member was at the bottom already.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && isNearBottom.current) box.scrollTop = box.scrollHeight;
  }, [newestId, isTyping]);

  const loadEarlier = () => {
    const box = scroller.current;
    const before = box?.scrollHeight ?? 0;
    void loadOlder().then(() => {
      // Keep the message that was being read in place.
      requestAnimationFrame(() => {
        if (scroller.current) scroller.current.scrollTop += scroller.current.scrollHeight - before;
      });
    });
  };

  const onScroll = () => {
    const box = scroller.current;
    if (!box) return;
    isNearBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
    if (box.scrollTop < 60 && hasOlder && !isLoadingOlder) loadEarlier();
  };

  const seenId = seenMessageId(messages);

  return (
    <>
      <ThreadHeader partner={partner} now={now} />
      <div
        ref={scroller}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-5"
        data-testid="persona-thread-messages"
      >
        {hasOlder ? (
          <div className="mb-3 flex justify-center">
            <Button variant="ghost" size="sm" onClick={loadEarlier} isLoading={isLoadingOlder}>
              Load earlier messages
            </Button>
          </div>
        ) : null}
        {query.isPending ? (
          <MessagesSkeleton />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : messages.length === 0 ? (
          <EmptyState
            as="h3"
            icon={MessageCircle}
            title="No messages yet"
            text={`Write to ${partner.name} as ${persona.name}.`}
            className="border-0"
          />
        ) : (
          <MessageList
            messages={messages}
            label={`Messages between ${persona.name} and ${partner.name}`}
            now={now}
            renderMessage={(message) => (
              <Bubble
                message={message}
                personaName={persona.name}
                partnerName={partner.name}
                seen={message._id === seenId}
              />
            )}
          />
        )}
        {isTyping ? <TypingIndicator name={partner.name} /> : null}
      </div>
      {view.isRequestToMe ? (
        <RequestBanner personaId={personaId} partner={partner} />
      ) : view.cannotSendBecause ? (
        <p className="border-t border-border p-4 text-center text-sm text-muted-foreground" role="status">
          {view.cannotSendBecause}
        </p>
      ) : (
        <PersonaComposer
          personaId={personaId}
          personaName={persona.name}
          partnerId={partnerId}
          onSent={() => {
            isNearBottom.current = true;
          }}
        />
      )}
    </>
  );
}

function ThreadHeader({ partner, now }: { partner: PersonSummary; now: number }) {
  const presence = presenceLabel(partner.lastSeenAt, now);
  return (
    <header className="flex items-center gap-3 border-b border-border px-3 py-2.5 sm:px-4">
      <BackToList />
      <Link to={profilePathOf(partner)} className="flex min-w-0 flex-1 items-center gap-3 rounded-lg">
        <PersonAvatar person={partner} size="sm" showPresence />
        <span className="min-w-0">
          <h2 className="line-clamp-1 font-semibold">{partner.name}</h2>
          {presence ? <span className="block text-xs text-muted-foreground">{presence}</span> : null}
        </span>
      </Link>
    </header>
  );
}

function Bubble({
  message,
  personaName,
  partnerName,
  seen,
}: {
  message: PersonaChatMessage;
  personaName: string;
  partnerName: string;
  seen: boolean;
}) {
  const mine = message.fromMe;
  return (
    <li className={cn("flex", mine ? "justify-end" : "justify-start")} data-testid="persona-message">
      <MessageContent
        message={message}
        imageAlt={mine ? `A picture ${personaName} sent` : `A picture from ${partnerName}`}
        seen={seen}
      >
        {mine ? (
          <span className="px-1 text-[11px] text-muted-foreground" data-testid="answered-by">
            {message.answeredBy ? `Answered by ${message.answeredBy.name}` : "Answered by the team"}
          </span>
        ) : null}
      </MessageContent>
    </li>
  );
}

function RequestBanner({ personaId, partner }: { personaId: string; partner: PersonSummary }) {
  const { accept, acceptingId } = useAcceptPersonaRequest(personaId);
  return (
    <section className="space-y-3 border-t border-border p-4" aria-label="Message request">
      <p className="text-sm">
        <strong>{partner.name}</strong> wrote after declining the persona's first message. Accept to answer.
      </p>
      <Button onClick={() => void accept(partner._id)} isLoading={acceptingId === partner._id}>
        Accept
      </Button>
    </section>
  );
}
