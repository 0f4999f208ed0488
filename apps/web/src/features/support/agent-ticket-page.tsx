// /admin/support/:ticketId: the thread with internal notes, a composer (reply or note, canned
// replies with their variables filled in, the status it leaves), the ticket's status, priority,
// assignee and category, and beside it the person's account.
import {
  AGENT_SETTABLE_STATUSES,
  type AgentTicket,
  fillCannedReply,
  SLA_TARGET_LABELS,
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  TICKET_MESSAGE_MAX_LENGTH,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_AGENT_LABELS,
  ticketLabel,
} from "@litverse/shared/support";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Page } from "../../components/ui/page.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { useCurrentUser } from "../../lib/auth/use-current-user.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AccountPanel } from "./account-panel.tsx";
import { SlaTimer } from "./queue-page.tsx";
import { AttachmentPicker, PriorityBadge, StatusBadge, TicketThread } from "./ticket-parts.tsx";
import {
  useAgentReply,
  useAgents,
  useAgentTicket,
  useCannedReplies,
  useUpdateTicket,
} from "./use-agent-ticket.ts";

export function AgentTicketPage({ ticketId }: { ticketId: string }) {
  const ticket = useAgentTicket(ticketId);
  useDocumentTitle(
    ticket.data ? `${ticketLabel(ticket.data.number)} ${ticket.data.subject}` : "Support Ticket",
  );
  return (
    <Page width="wide" className="space-y-6 py-8">
      <Link
        to="/admin/support"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Queue
      </Link>
      {ticket.isError ? (
        <ErrorState
          title="Could not load this ticket"
          error={ticket.error}
          onRetry={() => void ticket.refetch()}
        />
      ) : !ticket.data ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <section className="min-w-0 space-y-5" aria-label="Ticket">
            <TicketHeader ticket={ticket.data} />
            <TicketThread messages={ticket.data.messages} viewer="agent" />
            <AgentComposer ticket={ticket.data} />
          </section>
          <aside className="space-y-5" aria-label="Details">
            <TicketControls ticket={ticket.data} />
            <AccountPanel ticketId={ticket.data._id} />
          </aside>
        </div>
      )}
    </Page>
  );
}

function TicketHeader({ ticket }: { ticket: AgentTicket }) {
  return (
    <header className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={ticket.status} forAgent />
        <PriorityBadge priority={ticket.priority} />
        <SlaTimer clock={ticket} />
      </div>
      <h1 className="text-2xl font-bold tracking-tight">{ticket.subject}</h1>
      <p className="text-sm text-muted-foreground">
        {ticketLabel(ticket.number)} · {ticket.requester.name}
        {ticket.requesterEmail ? ` <${ticket.requesterEmail}>` : ""} · opened{" "}
        {formatDateTime(ticket.createdAt)}
      </p>
      {ticket.item ? (
        <p className="text-sm">
          About {ticket.item.kind === "payment" ? "the payment" : "the unlock"}:{" "}
          <strong>{ticket.item.label}</strong> ({ticket.item.status}, {formatDate(ticket.item.createdAt)})
        </p>
      ) : null}
      {ticket.breaches.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Missed targets">
          {ticket.breaches.map((breach) => (
            <li key={`${breach.target}-${breach.dueAt}`}>
              <Badge variant="danger">
                {SLA_TARGET_LABELS[breach.target]} missed (due {formatDateTime(breach.dueAt)})
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {ticket.rating ? (
        <p className="text-sm">
          Rated {ticket.rating.score} of 5{ticket.rating.comment ? `: “${ticket.rating.comment}”` : ""}
        </p>
      ) : null}
    </header>
  );
}

function AgentComposer({ ticket }: { ticket: AgentTicket }) {
  const [mode, setMode] = useState<"reply" | "note">("reply");
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [statusAfter, setStatusAfter] = useState<(typeof AGENT_SETTABLE_STATUSES)[number]>("pending");
  const canned = useCannedReplies();
  const me = useCurrentUser();
  const { send, isSending } = useAgentReply(ticket._id);
  const isNote = mode === "note";

  const useCanned = (cannedReplyId: string) => {
    const chosen = canned.data?.find((item) => item._id === cannedReplyId);
    if (!chosen) return;
    const filled = fillCannedReply(chosen.body, {
      name: ticket.requester.name,
      ticketId: ticketLabel(ticket.number),
      agent: me.data?.name ?? "The Litverse team",
    });
    setText((current) => (current.trim() ? `${current}\n\n${filled}` : filled));
  };

  const submit = async () => {
    if (!text.trim() && files.length === 0) return;
    await send({ body: text, internal: isNote, ...(isNote ? {} : { statusAfter }) }, files, () => {
      setText("");
      setFiles([]);
    });
  };

  return (
    <form
      className={cn(
        "space-y-3 rounded-2xl border p-4",
        isNote
          ? "border-amber-300 bg-amber-50 dark:border-amber-400/30 dark:bg-amber-400/10"
          : "border-border bg-card",
      )}
      aria-label={isNote ? "Internal note" : "Reply"}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        <fieldset className="flex gap-1 rounded-xl bg-stone-100 p-1 dark:bg-white/5">
          <legend className="sr-only">Write</legend>
          {(["reply", "note"] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={mode === option}
              onClick={() => setMode(option)}
              className={cn(
                "h-8 rounded-lg px-3 text-sm font-medium",
                mode === option ? "bg-card shadow-sm dark:bg-white/10" : "text-muted-foreground",
              )}
            >
              {option === "reply" ? "Reply" : "Internal note"}
            </button>
          ))}
        </fieldset>
        {canned.data && canned.data.length > 0 ? (
          <NativeSelect
            aria-label="Canned reply"
            size="sm"
            className="w-52"
            value=""
            onValueChange={useCanned}
            items={[
              { value: "", label: "Canned reply…", disabled: true },
              ...canned.data.map((item) => ({ value: item._id, label: item.title })),
            ]}
          />
        ) : null}
      </div>
      <label htmlFor="agent-text" className="sr-only">
        {isNote ? "Note for the team" : "Reply to the person"}
      </label>
      <Textarea
        id="agent-text"
        rows={5}
        maxLength={TICKET_MESSAGE_MAX_LENGTH}
        placeholder={isNote ? "Only the team sees notes." : `Write to ${ticket.requester.name}`}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <AttachmentPicker files={files} onChange={setFiles} />
        <div className="flex items-center gap-2">
          {isNote ? null : (
            <NativeSelect
              aria-label="Status after sending"
              size="sm"
              className="w-44"
              value={statusAfter}
              onValueChange={setStatusAfter}
              items={AGENT_SETTABLE_STATUSES.map((status) => ({
                value: status,
                label: `Send as ${TICKET_STATUS_AGENT_LABELS[status]}`,
              }))}
            />
          )}
          <Button type="submit" isLoading={isSending} disabled={!text.trim() && files.length === 0}>
            {isNote ? "Add note" : "Send reply"}
          </Button>
        </div>
      </div>
    </form>
  );
}

function TicketControls({ ticket }: { ticket: AgentTicket }) {
  const change = useUpdateTicket(ticket._id);
  const agents = useAgents();
  const rows: Array<[string, React.ReactNode]> = [
    [
      "Status",
      <NativeSelect
        key="status"
        aria-label="Status"
        size="sm"
        value={ticket.status}
        onValueChange={(status) => change({ status: status as (typeof AGENT_SETTABLE_STATUSES)[number] })}
        items={[
          ...(ticket.status === "new" ? [{ value: "new", label: "New", disabled: true }] : []),
          ...AGENT_SETTABLE_STATUSES.map((status) => ({
            value: status,
            label: TICKET_STATUS_AGENT_LABELS[status],
          })),
        ]}
      />,
    ],
    [
      "Priority",
      <NativeSelect
        key="priority"
        aria-label="Priority"
        size="sm"
        value={ticket.priority}
        onValueChange={(priority) => change({ priority })}
        items={TICKET_PRIORITIES.map((priority) => ({
          value: priority,
          label: TICKET_PRIORITY_LABELS[priority],
        }))}
      />,
    ],
    [
      "Assignee",
      <NativeSelect
        key="assignee"
        aria-label="Assignee"
        size="sm"
        value={ticket.assignee?._id ?? ""}
        onValueChange={(assigneeId) => change({ assigneeId: assigneeId || null })}
        items={[
          { value: "", label: "Unassigned" },
          ...(agents.data ?? (ticket.assignee ? [ticket.assignee] : [])).map((agent) => ({
            value: agent._id,
            label: agent.name,
          })),
        ]}
      />,
    ],
    [
      "Category",
      <NativeSelect
        key="category"
        aria-label="Category"
        size="sm"
        value={ticket.category}
        onValueChange={(category) => change({ category })}
        items={SUPPORT_CATEGORIES.map((category) => ({
          value: category,
          label: SUPPORT_CATEGORY_LABELS[category],
        }))}
      />,
    ],
  ];
  return (
    <section className="space-y-3 rounded-2xl border border-border bg-card p-4" aria-label="Ticket settings">
      {rows.map(([label, control]) => (
        <div key={label} className="grid grid-cols-[6rem_minmax(0,1fr)] items-center gap-2 text-sm">
          <span className="font-medium text-muted-foreground">{label}</span>
          {control}
        </div>
      ))}
    </section>
  );
}
