// /support: the person's tickets with their status, and a new ticket (what it is about, the words,
// attachments, and optionally one of their payments or unlocks).
import {
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  type SupportCategory,
  TICKET_SUBJECT_MAX_LENGTH,
  ticketLabel,
} from "@litverse/shared/support";
import { LifeBuoy, Plus } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { formatDate, formatRelativeDate } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AttachmentPicker, StatusBadge, TICKET_CARD } from "./ticket-parts.tsx";
import { useCreateTicket, useMyPurchases, useMyTickets } from "./use-my-tickets.ts";

export function MyTicketsPage() {
  useDocumentTitle("Support");
  const tickets = useMyTickets();
  const [isAsking, setIsAsking] = useState(false);
  return (
    <Page width="reading" className="space-y-6 py-8">
      <PageHeader
        title="Support"
        description="Ask us anything about your account, coins or reading. We answer here and notify you."
        actions={
          <Button onClick={() => setIsAsking(true)}>
            <Plus aria-hidden /> New ticket
          </Button>
        }
      />
      {tickets.isError ? (
        <ErrorState
          title="Could not load your tickets"
          error={tickets.error}
          onRetry={() => void tickets.refetch()}
        />
      ) : !tickets.data ? (
        <Skeleton className="h-40 w-full" />
      ) : tickets.data.length === 0 ? (
        <EmptyState
          icon={LifeBuoy}
          title="No tickets yet"
          text="When something does not work as it should, tell us and we will help."
          action={<Button onClick={() => setIsAsking(true)}>Ask for help</Button>}
        />
      ) : (
        <ul className="space-y-3" aria-label="Your tickets">
          {tickets.data.map((ticket) => (
            <li key={ticket._id} className={TICKET_CARD}>
              <Link
                to={`/support/${ticket._id}`}
                className="flex flex-col gap-1 rounded-2xl px-4 py-3 sm:flex-row sm:items-center sm:gap-4"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{ticket.subject}</span>
                  <span className="text-xs text-muted-foreground">
                    {ticketLabel(ticket.number)} · {SUPPORT_CATEGORY_LABELS[ticket.category]} · opened{" "}
                    {formatDate(ticket.createdAt)} · last message {formatRelativeDate(ticket.lastMessageAt)}
                  </span>
                </span>
                <StatusBadge status={ticket.status} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <NewTicketDialog open={isAsking} onOpenChange={setIsAsking} />
    </Page>
  );
}

interface TicketDraft {
  category: SupportCategory | "";
  subject: string;
  description: string;
  item: string;
  files: File[];
}
const EMPTY: TicketDraft = { category: "", subject: "", description: "", item: "", files: [] };

function NewTicketDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [message, setMessage] = useState<string | null>(null);
  const purchases = useMyPurchases(open);
  const { send, isSending } = useCreateTicket();
  const navigate = useNavigate();
  const change = (fields: Partial<TicketDraft>) => setDraft((current) => ({ ...current, ...fields }));

  const submit = async () => {
    const [kind, id] = draft.item.split(":");
    const ticket = {
      category: draft.category as SupportCategory,
      subject: draft.subject,
      description: draft.description,
      item: kind && id ? { kind: kind as "payment" | "unlock", id } : null,
    };
    await send(ticket, draft.files, {
      onCreated: (ticketId) => {
        onOpenChange(false);
        setDraft(EMPTY);
        setErrors({});
        setMessage(null);
        void navigate(`/support/${ticketId}`);
      },
      onFailed: (details) => {
        setErrors(details.fieldErrors ?? {});
        setMessage(details.message);
      },
    });
  };

  const items = [
    { value: "", label: "None" },
    ...(purchases.data ?? []).map((item) => ({
      value: `${item.kind}:${item._id}`,
      label: `${item.kind === "payment" ? "Payment" : "Unlock"}: ${item.label} (${item.status}, ${formatDate(item.createdAt)})`,
    })),
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="New ticket"
        description="Tell us what happened. The more we know, the faster we can help."
        footer={
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} isLoading={isSending}>
              Send ticket
            </Button>
          </>
        }
      >
        <div className="space-y-4">
          <Field label="What is it about?" error={errors.category} required>
            <NativeSelect
              items={[
                { value: "", label: "Choose…", disabled: true },
                ...SUPPORT_CATEGORIES.map((category) => ({
                  value: category,
                  label: SUPPORT_CATEGORY_LABELS[category],
                })),
              ]}
              value={draft.category}
              onValueChange={(category) => change({ category: category as SupportCategory })}
            />
          </Field>
          <Field label="Subject" error={errors.subject} required>
            <Input
              value={draft.subject}
              maxLength={TICKET_SUBJECT_MAX_LENGTH}
              onChange={(event) => change({ subject: event.target.value })}
            />
          </Field>
          <Field label="What happened?" error={errors.description} required>
            <Textarea
              rows={5}
              value={draft.description}
              onChange={(event) => change({ description: event.target.value })}
            />
          </Field>
          <Field
            label="A payment or unlock it is about"
            hint="Optional: helps us find it at once."
            error={errors["item.id"] ?? errors.item}
          >
            <NativeSelect items={items} value={draft.item} onValueChange={(item) => change({ item })} />
          </Field>
          <div>
            <p className="mb-1.5 text-sm font-medium">Screenshots or receipts</p>
            <AttachmentPicker files={draft.files} onChange={(files) => change({ files })} />
            {errors.attachmentUploadIds ? (
              <p className="mt-1 text-sm text-rose-700 dark:text-rose-300">
                {errors.attachmentUploadIds.join(" ")}
              </p>
            ) : null}
          </div>
          {message ? (
            <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
              {message}
            </p>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
