// The pieces of a conversation that a reader's own messages and a persona's inbox both show: the
// list with its day headings, a message's bubble, the typing dots and the loading placeholders.
import type { ChatMessage } from "@litverse/shared/messages";
import { Fragment, type ReactNode } from "react";
import { dayKey, formatDayHeading, formatTime } from "../../lib/format.ts";
import { Linkified } from "../people/linkify.tsx";
import { cn } from "../ui/cn.ts";
import { Skeleton } from "../ui/skeleton.tsx";

/** While the conversation itself loads. */
export function ThreadSkeleton() {
  return (
    <div role="status" aria-label="Loading the conversation" className="space-y-3 p-4">
      <Skeleton className="h-10 w-56" />
      <Skeleton className="ml-auto h-10 w-40" />
      <Skeleton className="h-10 w-64" />
    </div>
  );
}

/** While the messages load, inside a conversation already shown. */
export function MessagesSkeleton() {
  return (
    <div role="status" aria-label="Loading messages" className="space-y-3">
      <Skeleton className="h-10 w-56" />
      <Skeleton className="ml-auto h-10 w-40" />
    </div>
  );
}

/** The one message that shows "Seen": the sender's latest, once it is read. */
export function seenMessageId(messages: readonly ChatMessage[]): string | undefined {
  const lastSeenId = messages.findLast((message) => message.fromMe && message.readAt)?._id;
  const lastMineId = messages.findLast((message) => message.fromMe)?._id;
  return lastSeenId === lastMineId ? lastSeenId : undefined;
}

/** Oldest first, with a heading where a new day starts. */
export function MessageList<T extends ChatMessage>({
  messages,
  label,
  now,
  renderMessage,
}: {
  messages: readonly T[];
  label: string;
  now: number;
  renderMessage: (message: T) => ReactNode;
}) {
  return (
    <ol className="space-y-1" aria-label={label}>
      {messages.map((message, index) => {
        const previous = messages[index - 1];
        const isNewDay = !previous || dayKey(previous.createdAt) !== dayKey(message.createdAt);
        return (
          <Fragment key={message._id}>
            {isNewDay ? (
              <li className="py-2 text-center text-xs font-medium text-muted-foreground" aria-hidden>
                {formatDayHeading(message.createdAt, now)}
              </li>
            ) : null}
            {renderMessage(message)}
          </Fragment>
        );
      })}
    </ol>
  );
}

/** A message's bubble (its picture and text) and its time; `children` go under the time. */
export function MessageContent({
  message,
  imageAlt,
  seen,
  children,
}: {
  message: ChatMessage;
  imageAlt: string;
  seen: boolean;
  children?: ReactNode;
}) {
  const mine = message.fromMe;
  return (
    <div className={cn("flex max-w-[80%] flex-col sm:max-w-[70%]", mine ? "items-end" : "items-start")}>
      <div
        className={cn(
          "rounded-2xl px-3.5 py-2 break-words whitespace-pre-wrap",
          mine ? "rounded-br-md bg-brand-600 text-white" : "rounded-bl-md bg-muted text-foreground",
        )}
      >
        {message.image ? (
          <a href={message.image.url} target="_blank" rel="noopener noreferrer" className="mb-1 block">
            <img
              src={message.image.url}
              width={message.image.width}
              height={message.image.height}
              alt={imageAlt}
              loading="lazy"
              className="max-h-72 w-auto rounded-lg"
            />
          </a>
        ) : null}
        {message.body ? <Linkified text={message.body} /> : null}
      </div>
      <span className="mt-0.5 px-1 text-[11px] text-muted-foreground">
        {formatTime(message.createdAt)}
        {seen ? <span data-testid="seen-receipt"> · Seen</span> : null}
      </span>
      {children}
    </div>
  );
}

/** "… is typing", with three dots. */
export function TypingIndicator({ name }: { name: string }) {
  return (
    <p
      className="mt-2 flex items-center gap-2 text-sm text-muted-foreground"
      data-testid="typing-indicator"
      aria-live="polite"
    >
      <span className="inline-flex gap-0.5" aria-hidden>
        <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:-0.2s]" />
        <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:-0.1s]" />
        <span className="size-1.5 animate-bounce rounded-full bg-current" />
      </span>
      {name} is typing…
    </p>
  );
}
