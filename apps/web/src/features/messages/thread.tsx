// One conversation: who it is with and whether they are around, the messages (earlier ones as
// the reader scrolls back), read receipts, the other's typing, a request to answer, and the
// composer. While it is on screen, what arrives is read at once and no notification is made.
import type { ChatMessage, ConversationView } from "@litverse/shared/messages";
import { TEAM_PERSONA_NOTICE } from "@litverse/shared/personas";
import { ArrowLeft, Flag, MoreHorizontal, Trash2, UserRound } from "lucide-react";
import { useLayoutEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
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
import { TeamBadge } from "../../components/people/team-badge.tsx";
import { useNow } from "../../components/people/use-now.ts";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { errorCode } from "../../lib/errors.ts";
import { BlockMenuItem, ReportDialog } from "../profiles/index.ts";
import { Composer } from "./composer.tsx";
import {
  useClearConversation,
  useConversation,
  useDeleteMessage,
  useTellViewing,
} from "./use-conversation.ts";
import { useAnswerMessageRequest } from "./use-message-request.ts";
import { useThreadMessages } from "./use-thread-messages.ts";

export function Thread({ partnerId }: { partnerId: string }) {
  const conversation = useConversation(partnerId);
  if (conversation.isPending) return <ThreadSkeleton />;
  if (conversation.isError) {
    const code = errorCode(conversation.error);
    return (
      <div className="p-4">
        <ErrorState
          title={
            code === "NOT_FOUND" || code === "BAD_REQUEST"
              ? "There is nobody here to write to"
              : "Could not load the conversation"
          }
          error={conversation.error}
          onRetry={() => void conversation.refetch()}
        />
      </div>
    );
  }
  return <OpenThread view={conversation.data} partnerId={partnerId} />;
}

function OpenThread({ view, partnerId }: { view: ConversationView; partnerId: string }) {
  const { partner } = view;
  const { messages, query, hasOlder, loadOlder, isLoadingOlder } = useThreadMessages(partnerId);
  const now = useNow(true, view.partnerTypingUntil ? 1_000 : 15_000);
  const isTyping = view.partnerTypingUntil !== null && Date.parse(view.partnerTypingUntil) > now;
  const scroller = useRef<HTMLDivElement>(null);
  const isNearBottom = useRef(true);
  const newestId = messages.at(-1)?._id;
  const newestIncoming = messages.findLast((message) => !message.fromMe)?._id;
  // Open on screen: read what comes, and say so again while it stays open.
  useTellViewing(partnerId, newestIncoming, view.isRequestToMe);

  // New messages scroll into view when the reader was at the bottom already.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && isNearBottom.current) box.scrollTop = box.scrollHeight;
  }, [newestId, isTyping]);

  const onScroll = () => {
    const box = scroller.current;
    if (!box) return;
    isNearBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
    if (box.scrollTop < 60 && hasOlder && !isLoadingOlder) {
      const before = box.scrollHeight;
      void loadOlder().then(() => {
        // Keep the message the reader was looking at in place.
        requestAnimationFrame(() => {
          if (scroller.current) scroller.current.scrollTop += scroller.current.scrollHeight - before;
        });
      });
    }
  };

  const seenId = seenMessageId(messages);

  return (
    <>
      <ThreadHeader view={view} now={now} />
      <div
        ref={scroller}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-5"
        data-testid="thread-messages"
      >
        {view.partner.runByTeam ? (
          <p className="mx-auto mb-4 max-w-md rounded-lg bg-brand-50 px-3 py-2 text-center text-xs text-brand-800 dark:bg-brand-500/10 dark:text-brand-100">
            {TEAM_PERSONA_NOTICE}
          </p>
        ) : null}
        {hasOlder ? (
          <div className="mb-3 flex justify-center">
            <Button variant="ghost" size="sm" onClick={() => void loadOlder()} isLoading={isLoadingOlder}>
              Load earlier messages
            </Button>
          </div>
        ) : null}
        {query.isPending ? (
          <MessagesSkeleton />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : messages.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">
            {view.cannotSendBecause ? null : `Say hello to ${partner.name}.`}
          </p>
        ) : (
          <MessageList
            messages={messages}
            label={`Messages with ${partner.name}`}
            now={now}
            renderMessage={(message) => (
              <Bubble message={message} partnerName={partner.name} seen={message._id === seenId} />
            )}
          />
        )}
        {isTyping ? <TypingIndicator name={partner.name} /> : null}
      </div>
      {view.isRequestToMe ? (
        <RequestBanner view={view} />
      ) : view.cannotSendBecause ? (
        <p className="border-t border-border p-4 text-center text-sm text-muted-foreground" role="status">
          {view.cannotSendBecause}
        </p>
      ) : (
        <Composer
          partnerId={partnerId}
          onSent={() => {
            isNearBottom.current = true;
          }}
        />
      )}
    </>
  );
}

function ThreadHeader({ view, now }: { view: ConversationView; now: number }) {
  const { partner } = view;
  const navigate = useNavigate();
  const [isReporting, setIsReporting] = useState(false);
  const clearConversation = useClearConversation();
  const profilePath = partner.handle ? `/user/${partner.handle}` : `/profile/${partner._id}`;
  const presence = presenceLabel(partner.lastSeenAt, now);
  return (
    <header className="flex items-center gap-3 border-b border-border px-3 py-2.5 sm:px-4">
      <Button asChild variant="ghost" size="icon" className="lg:hidden">
        <Link to="/messages" aria-label="Back to messages">
          <ArrowLeft aria-hidden />
        </Link>
      </Button>
      <Link to={profilePath} className="flex min-w-0 flex-1 items-center gap-3 rounded-lg">
        <PersonAvatar person={partner} size="sm" showPresence />
        <span className="min-w-0">
          <h2 className="line-clamp-1 font-semibold">{partner.name}</h2>
          <TeamBadge person={partner} />
          {presence ? <span className="block text-xs text-muted-foreground">{presence}</span> : null}
        </span>
      </Link>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`More for this conversation with ${partner.name}`}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => void navigate(profilePath)}>
            <UserRound aria-hidden />
            View profile
          </DropdownMenuItem>
          <ConfirmDialog
            trigger={
              <DropdownMenuItem onSelect={(event) => event.preventDefault()}>
                <Trash2 aria-hidden />
                Delete conversation
              </DropdownMenuItem>
            }
            title="Delete this conversation?"
            description={`The messages go from your side only: ${partner.name} keeps theirs.`}
            confirmLabel="Delete"
            onConfirm={() => clearConversation(partner._id)}
          />
          {view.friendState !== "blocked" ? (
            <BlockMenuItem
              person={partner}
              description="Neither of you will be able to write to the other, and any friendship ends. They are not told."
            />
          ) : null}
          <DropdownMenuItem onSelect={() => setIsReporting(true)}>
            <Flag aria-hidden />
            Report {partner.name}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ReportDialog
        target={{ kind: "profile", id: partner._id, name: partner.name }}
        open={isReporting}
        onOpenChange={setIsReporting}
      />
    </header>
  );
}

function Bubble({
  message,
  partnerName,
  seen,
}: {
  message: ChatMessage;
  partnerName: string;
  seen: boolean;
}) {
  const [isReporting, setIsReporting] = useState(false);
  const deleteMessage = useDeleteMessage();
  const mine = message.fromMe;
  return (
    <li
      className={cn("group flex items-end gap-1", mine ? "flex-row-reverse" : "flex-row")}
      data-testid="message"
    >
      <MessageContent
        message={message}
        imageAlt={mine ? "A picture you sent" : `A picture from ${partnerName}`}
        seen={seen}
      />
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 opacity-0 transition group-hover:opacity-100 focus-visible:opacity-100 data-[state=open]:opacity-100"
            aria-label="Message options"
          >
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align={mine ? "end" : "start"}>
          <DropdownMenuItem onSelect={() => deleteMessage(message._id)}>
            <Trash2 aria-hidden />
            Delete for me
          </DropdownMenuItem>
          {mine ? null : (
            <DropdownMenuItem onSelect={() => setIsReporting(true)}>
              <Flag aria-hidden />
              Report message
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {mine ? null : (
        <ReportDialog
          target={{ kind: "message", id: message._id }}
          open={isReporting}
          onOpenChange={setIsReporting}
        />
      )}
    </li>
  );
}

function RequestBanner({ view }: { view: ConversationView }) {
  const { partner } = view;
  const navigate = useNavigate();
  const answer = useAnswerMessageRequest(partner._id, () => void navigate("/messages"));
  return (
    <section className="space-y-3 border-t border-border p-4" aria-label="Message request">
      <p className="text-sm">
        <strong>{partner.name}</strong> is not your friend and wants to send you messages. They will not know
        you have seen them unless you accept.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={answer.accept} isLoading={answer.isAccepting}>
          Accept
        </Button>
        <Button variant="secondary" onClick={answer.decline} isLoading={answer.isDeclining}>
          Decline
        </Button>
        <Button
          variant="ghost"
          className="text-rose-700 dark:text-rose-300"
          onClick={answer.block}
          isLoading={answer.isBlocking}
        >
          Block
        </Button>
      </div>
    </section>
  );
}
