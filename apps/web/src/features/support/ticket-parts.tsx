// What both sides of the desk show: a ticket's card in a list, status and priority badges, a ticket's thread (replies, the
// team's notes and recorded actions, attachments), and the attachment chooser of a composer.
import {
  TICKET_ATTACHMENTS_MAX,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_AGENT_LABELS,
  TICKET_STATUS_LABELS,
  type TicketMessage,
  type TicketPriority,
  type TicketStatus,
} from "@litverse/shared/support";
import { FileText, Lock, Paperclip, X } from "lucide-react";
import { useRef } from "react";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { Badge, type BadgeVariant } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { toastError } from "../../lib/errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { formatBytes, MAX_PICTURE_BYTES } from "../../lib/uploads.ts";

/** A ticket in a list: a card of its own, as lists of cards are elsewhere in the app. */
export const TICKET_CARD = "rounded-2xl border border-border bg-card shadow-sm transition hover:bg-muted";

const STATUS_VARIANTS: Record<TicketStatus, BadgeVariant> = {
  new: "brand",
  open: "warning",
  pending: "neutral",
  on_hold: "neutral",
  solved: "success",
  closed: "neutral",
};

export function StatusBadge({ status, forAgent = false }: { status: TicketStatus; forAgent?: boolean }) {
  return (
    <Badge variant={STATUS_VARIANTS[status]}>
      {(forAgent ? TICKET_STATUS_AGENT_LABELS : TICKET_STATUS_LABELS)[status]}
    </Badge>
  );
}

const PRIORITY_VARIANTS: Record<TicketPriority, BadgeVariant> = {
  urgent: "danger",
  high: "warning",
  normal: "neutral",
  low: "neutral",
};

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  return <Badge variant={PRIORITY_VARIANTS[priority]}>{TICKET_PRIORITY_LABELS[priority]}</Badge>;
}

/** A ticket's messages, oldest first; the viewer's own side is tinted. */
export function TicketThread({
  messages,
  viewer,
}: {
  messages: TicketMessage[];
  viewer: "requester" | "agent";
}) {
  return (
    <ol className="space-y-4" aria-label="Conversation">
      {messages.map((message) =>
        message.kind === "event" ? (
          <li key={message._id} className="flex gap-2 px-2 text-xs text-muted-foreground">
            <span className="whitespace-pre-line">
              {message.author?.name ?? "Someone"}: {message.body}
            </span>
            <time className="ml-auto shrink-0" dateTime={message.createdAt}>
              {formatDateTime(message.createdAt)}
            </time>
          </li>
        ) : (
          <li
            key={message._id}
            className={cn(
              "rounded-2xl border p-4",
              message.kind === "note"
                ? "border-amber-300 bg-amber-50 dark:border-amber-400/30 dark:bg-amber-400/10"
                : message.fromAgent === (viewer === "agent")
                  ? "border-brand-100 bg-brand-50/60 dark:border-brand-500/30 dark:bg-brand-500/10"
                  : "border-border bg-card",
            )}
          >
            <div className="flex items-center gap-2">
              {message.author ? <PersonAvatar person={message.author} size="sm" /> : null}
              <p className="text-sm font-semibold">
                {message.author?.name ?? "Someone"}
                {message.fromAgent ? (
                  <span className="font-normal text-muted-foreground"> · Litverse team</span>
                ) : null}
              </p>
              {message.kind === "note" ? (
                <Badge variant="warning">
                  <Lock aria-hidden /> Internal note
                </Badge>
              ) : null}
              <time className="ml-auto text-xs text-muted-foreground" dateTime={message.createdAt}>
                {formatDateTime(message.createdAt)}
              </time>
            </div>
            {message.body ? (
              <p className="mt-2 text-sm whitespace-pre-line break-words">{message.body}</p>
            ) : null}
            {message.attachments.length > 0 ? (
              <ul className="mt-3 flex flex-wrap gap-2" aria-label="Attachments">
                {message.attachments.map((file) => (
                  <li key={file._id}>
                    {file.kind === "image" ? (
                      <a href={file.url} target="_blank" rel="noreferrer" className="block">
                        <img
                          src={`${file.url}?w=320`}
                          alt={file.name}
                          width={file.width ?? undefined}
                          height={file.height ?? undefined}
                          className="h-28 w-auto rounded-lg border border-border object-cover"
                        />
                      </a>
                    ) : (
                      <a
                        href={file.url}
                        download={file.name}
                        className="inline-flex items-center gap-2 rounded-lg border border-border bg-card px-3 py-2 text-sm hover:border-brand-400"
                      >
                        <FileText className="size-4" aria-hidden />
                        {file.name}
                        <span className="text-xs text-muted-foreground">{formatBytes(file.size)}</span>
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ),
      )}
    </ol>
  );
}

const ACCEPTED = "image/jpeg,image/png,image/webp,image/avif,image/gif,application/pdf";

/** Files to send with a message: pictures and PDF files, each checked before it is sent. */
export function AttachmentPicker({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const add = (chosen: FileList | null) => {
    const next = [...files];
    for (const file of chosen ?? []) {
      if (!(file.type.startsWith("image/") || file.type === "application/pdf")) {
        toastError(new Error(`“${file.name}” is neither a picture nor a PDF file.`));
      } else if (file.size > MAX_PICTURE_BYTES) {
        toastError(new Error(`“${file.name}” is larger than ${formatBytes(MAX_PICTURE_BYTES)}.`));
      } else if (next.length >= TICKET_ATTACHMENTS_MAX) {
        toastError(new Error(`At most ${TICKET_ATTACHMENTS_MAX} files at a time.`));
        break;
      } else {
        next.push(file);
      }
    }
    onChange(next);
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPTED}
        className="hidden"
        data-testid="attachment-input"
        onChange={(event) => {
          add(event.target.files);
          event.target.value = "";
        }}
      />
      <Button type="button" variant="secondary" size="sm" onClick={() => input.current?.click()}>
        <Paperclip aria-hidden /> Attach
      </Button>
      {files.map((file, index) => (
        <span
          // Files have no id; name, size and time tell two apart.
          key={`${file.name}-${file.size}-${file.lastModified}`}
          className="inline-flex items-center gap-1 rounded-full bg-muted py-1 pr-1 pl-3 text-xs"
        >
          {file.name}
          <button
            type="button"
            className="inline-flex size-5 items-center justify-center rounded-full hover:bg-stone-200 dark:hover:bg-white/10"
            aria-label={`Remove ${file.name}`}
            onClick={() => onChange(files.filter((_, other) => other !== index))}
          >
            <X className="size-3" aria-hidden />
          </button>
        </span>
      ))}
    </div>
  );
}

/** Sends each file as its own upload (the server takes one picture or PDF per upload). */
export async function uploadAttachments(
  files: readonly File[],
  upload: (files: File[]) => Promise<{ uploadId: string }>,
): Promise<string[]> {
  const ids: string[] = [];
  for (const file of files) ids.push((await upload([file])).uploadId);
  return ids;
}
