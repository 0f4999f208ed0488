// /support/:ticketId: one of the person's tickets, live: the thread, a reply with attachments,
// close or reopen, and a rating once it is solved.
import {
  type MyTicket,
  SUPPORT_CATEGORY_LABELS,
  TICKET_MESSAGE_MAX_LENGTH,
  ticketLabel,
} from "@litverse/shared/support";
import { ArrowLeft, Star } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { formatDate } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AttachmentPicker, StatusBadge, TicketThread } from "./ticket-parts.tsx";
import { useCloseOrReopenTicket, useMyTicket, useRateTicket, useReplyToTicket } from "./use-my-ticket.ts";

export function MyTicketPage({ ticketId }: { ticketId: string }) {
  const ticket = useMyTicket(ticketId);
  useDocumentTitle(ticket.data ? `${ticket.data.subject} · Support` : "Support Ticket");
  return (
    <Page width="reading" className="space-y-6 py-8">
      <Link
        to="/support"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Your tickets
      </Link>
      {ticket.isError ? (
        <ErrorState
          title="Could not load this ticket"
          error={ticket.error}
          onRetry={() => void ticket.refetch()}
        />
      ) : !ticket.data ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <TicketView ticket={ticket.data} />
      )}
    </Page>
  );
}

function TicketView({ ticket }: { ticket: MyTicket }) {
  const { close, isClosing, reopen, isReopening } = useCloseOrReopenTicket(ticket._id);
  return (
    <>
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={ticket.status} />
          <span className="text-sm text-muted-foreground">
            {ticketLabel(ticket.number)} · {SUPPORT_CATEGORY_LABELS[ticket.category]} · opened{" "}
            {formatDate(ticket.createdAt)}
          </span>
        </div>
        <h1 className="text-2xl font-bold tracking-tight">{ticket.subject}</h1>
        {ticket.item ? (
          <p className="text-sm text-muted-foreground">
            About {ticket.item.kind === "payment" ? "the payment" : "the unlock"}: {ticket.item.label} (
            {ticket.item.status})
          </p>
        ) : null}
      </header>
      <TicketThread messages={ticket.messages} viewer="requester" />
      {ticket.canRate ? <RatingForm ticketId={ticket._id} /> : null}
      {ticket.rating ? (
        <p className="rounded-2xl border border-border bg-card p-4 text-sm">
          You rated this help {ticket.rating.score} of 5
          {ticket.rating.comment ? `: “${ticket.rating.comment}”` : "."}
        </p>
      ) : null}
      {ticket.canReply ? <ReplyForm ticket={ticket} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        {ticket.canClose ? (
          <Button variant="secondary" isLoading={isClosing} onClick={close}>
            Close ticket
          </Button>
        ) : null}
        {ticket.canReopen ? (
          <>
            <Button variant="secondary" isLoading={isReopening} onClick={reopen}>
              Reopen ticket
            </Button>
            {ticket.reopenUntil ? (
              <span className="text-sm text-muted-foreground">Until {formatDate(ticket.reopenUntil)}</span>
            ) : null}
          </>
        ) : null}
        {!ticket.canReply ? (
          <p className="text-sm text-muted-foreground">
            This ticket is closed.{" "}
            <Link to="/support" className="underline">
              Open a new one
            </Link>{" "}
            if you need more help.
          </p>
        ) : null}
      </div>
    </>
  );
}

function ReplyForm({ ticket }: { ticket: MyTicket }) {
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const { send, isSending } = useReplyToTicket(ticket._id);
  const submit = async () => {
    if (!text.trim() && files.length === 0) return;
    await send(text, files, () => {
      setText("");
      setFiles([]);
    });
  };
  return (
    <form
      className="space-y-3 rounded-2xl border border-border bg-card p-4"
      aria-label="Reply"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor="ticket-reply" className="text-sm font-medium">
        {ticket.canReopen ? "Write again to reopen it" : "Your reply"}
      </label>
      <Textarea
        id="ticket-reply"
        rows={3}
        value={text}
        maxLength={TICKET_MESSAGE_MAX_LENGTH}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <AttachmentPicker files={files} onChange={setFiles} />
        <Button type="submit" isLoading={isSending} disabled={!text.trim() && files.length === 0}>
          Send reply
        </Button>
      </div>
    </form>
  );
}

function RatingForm({ ticketId }: { ticketId: string }) {
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState("");
  const { rate, isRating } = useRateTicket(ticketId);
  return (
    <form
      className="space-y-3 rounded-2xl border border-brand-100 bg-brand-50/60 p-4 dark:border-brand-500/30 dark:bg-brand-500/10"
      aria-label="Rate this help"
      onSubmit={(event) => {
        event.preventDefault();
        rate(score, comment);
      }}
    >
      <fieldset>
        <legend className="text-sm font-medium">How was the help you got?</legend>
        <div className="mt-2 flex gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={score === value}
              aria-label={`${value} of 5`}
              onClick={() => setScore(value)}
              className="rounded-md p-1 focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <Star
                className={cn(
                  "size-7",
                  value <= score ? "fill-amber-400 text-amber-500" : "text-stone-400 dark:text-stone-500",
                )}
                aria-hidden
              />
            </button>
          ))}
        </div>
      </fieldset>
      <label htmlFor="rating-comment" className="sr-only">
        A comment
      </label>
      <Textarea
        id="rating-comment"
        rows={2}
        placeholder="Anything to add? (optional)"
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <Button type="submit" disabled={score === 0} isLoading={isRating}>
        Send rating
      </Button>
    </form>
  );
}
