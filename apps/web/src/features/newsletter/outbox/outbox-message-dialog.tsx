// One message of the outbox, kept live (its status changes as it is sent): to whom, what kind,
// when, how many attempts and the last error, then the message as it was sent (in a sandboxed
// frame) and its plain-text version.
import { MAIL_KIND_LABELS, type OutboxMessageDetail } from "@litverse/shared/mail";
import type { ReactNode } from "react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { formatDateTime } from "../../../lib/format.ts";
import { MailFrame } from "../mail-frame.tsx";
import { MAIL_STATUS_BADGES } from "./outbox-values.ts";
import { useOutboxMessage } from "./use-outbox.ts";

export function OutboxMessageDialog({
  messageId,
  timeZone,
  onClose,
}: {
  messageId: string | null;
  timeZone: string | undefined;
  onClose: () => void;
}) {
  const message = useOutboxMessage(messageId);
  const data = message.data;
  return (
    <Dialog open={messageId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        size="lg"
        title={data?.subject ?? "Message"}
        description={data ? `To ${data.to}` : undefined}
        className="sm:max-w-3xl!"
      >
        {message.isError && !data ? (
          <ErrorState
            title="Could not load the message"
            error={message.error}
            onRetry={() => void message.refetch()}
            isRetrying={message.isFetching}
          />
        ) : !data ? (
          <div role="status" aria-label="Loading the message" className="space-y-3">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-80 w-full" />
          </div>
        ) : (
          <MessageBody message={data} timeZone={timeZone} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function MessageBody({ message, timeZone }: { message: OutboxMessageDetail; timeZone: string | undefined }) {
  const badge = MAIL_STATUS_BADGES[message.status];
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <Fact label="Kind">{MAIL_KIND_LABELS[message.kind]}</Fact>
        <Fact label="Status">
          <Badge variant={badge.variant} data-testid="outbox-message-status">
            {badge.label}
          </Badge>
        </Fact>
        <Fact label="Queued">{formatDateTime(message.createdAt, timeZone)}</Fact>
        {message.sentAt ? <Fact label="Sent">{formatDateTime(message.sentAt, timeZone)}</Fact> : null}
        <Fact label="Attempts">{message.attempts}</Fact>
        {message.lastError ? (
          <Fact label="Last error">
            <span className="break-words text-rose-700 dark:text-rose-300">{message.lastError}</span>
          </Fact>
        ) : null}
      </dl>
      <Tabs defaultValue="html">
        <TabsList aria-label="Message versions">
          <TabsTrigger value="html">As sent</TabsTrigger>
          <TabsTrigger value="dark">In dark mode</TabsTrigger>
          <TabsTrigger value="text">Plain text</TabsTrigger>
        </TabsList>
        <TabsContent value="html">
          <MailFrame
            html={message.html}
            title={`The message “${message.subject}”`}
            width={640}
            height={640}
          />
        </TabsContent>
        <TabsContent value="dark">
          <MailFrame
            html={message.darkHtml}
            title={`The message “${message.subject}” in dark mode`}
            width={640}
            height={640}
          />
        </TabsContent>
        <TabsContent value="text">
          <pre
            className="max-h-[32rem] overflow-auto rounded-lg bg-muted p-3 font-sans text-sm break-words whitespace-pre-wrap"
            data-testid="outbox-message-text"
          >
            {message.text}
          </pre>
        </TabsContent>
      </Tabs>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}
