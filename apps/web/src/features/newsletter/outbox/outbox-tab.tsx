// The outbox: every message the platform queued (password resets, confirmations, digests, the
// newsletter), filtered by kind, status and address, newest first; opening one shows it as it was
// sent (?message=<id>, so a link opens it).
import {
  MAIL_KIND_LABELS,
  MAIL_KINDS,
  MAIL_STATUSES,
  type MailKind,
  type MailStatus,
} from "@litverse/shared/mail";
import { Inbox, Search } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table.tsx";
import { formatDateTime } from "../../../lib/format.ts";
import { useSettledValue } from "../../../lib/use-settled-value.ts";
import { OutboxMessageDialog } from "./outbox-message-dialog.tsx";
import { MAIL_STATUS_BADGES } from "./outbox-values.ts";
import { type OutboxFilters, useOutbox } from "./use-outbox.ts";

const ALL = "all";

export function OutboxTab({ timeZone }: { timeZone: string | undefined }) {
  const [kind, setKind] = useState<MailKind | typeof ALL>(ALL);
  const [status, setStatus] = useState<MailStatus | typeof ALL>(ALL);
  const [address, setAddress] = useState("");
  const settledAddress = useSettledValue(address.trim());
  const filters: OutboxFilters = {
    kind: kind === ALL ? null : kind,
    status: status === ALL ? null : status,
    to: settledAddress,
  };
  const [params, setParams] = useSearchParams();
  const messageId = params.get("message");
  const showMessage = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set("message", id);
        else next.delete("message");
        return next;
      },
      { replace: id === null },
    );

  return (
    <section aria-labelledby="outbox-heading" className="space-y-4">
      <h2 id="outbox-heading" className="sr-only">
        Outbox
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[12rem_10rem_minmax(0,1fr)]">
        <Field label="Kind">
          <NativeSelect<MailKind | typeof ALL>
            items={[
              { value: ALL, label: "Every kind" },
              ...MAIL_KINDS.map((value) => ({ value, label: MAIL_KIND_LABELS[value] })),
            ]}
            value={kind}
            onValueChange={setKind}
          />
        </Field>
        <Field label="Status">
          <NativeSelect<MailStatus | typeof ALL>
            items={[
              { value: ALL, label: "Every status" },
              ...MAIL_STATUSES.map((value) => ({ value, label: MAIL_STATUS_BADGES[value].label })),
            ]}
            value={status}
            onValueChange={setStatus}
          />
        </Field>
        <Field label="Address" className="col-span-2 sm:col-span-1">
          {(control) => (
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden
              />
              <Input
                {...control}
                type="search"
                value={address}
                placeholder="Part of an address"
                onChange={(event) => setAddress(event.target.value)}
                className="pl-9"
              />
            </div>
          )}
        </Field>
      </div>
      <OutboxList key={JSON.stringify(filters)} filters={filters} timeZone={timeZone} onOpen={showMessage} />
      <OutboxMessageDialog messageId={messageId} timeZone={timeZone} onClose={() => showMessage(null)} />
    </section>
  );
}

function OutboxList({
  filters,
  timeZone,
  onOpen,
}: {
  filters: OutboxFilters;
  timeZone: string | undefined;
  onOpen: (messageId: string) => void;
}) {
  const { query, items, hasOlder, loadOlder, isLoadingOlder } = useOutbox(filters);
  if (query.isError && !query.data) {
    return (
      <ErrorState
        title="Could not load the outbox"
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  if (!query.data) {
    return (
      <div role="status" aria-label="Loading the outbox" className="space-y-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    );
  }
  if (items.length === 0) {
    const isFiltered = filters.kind !== null || filters.status !== null || filters.to !== "";
    return (
      <EmptyState
        as="h3"
        icon={Inbox}
        title={isFiltered ? "No messages match" : "The outbox is empty"}
        text={
          isFiltered
            ? "Try another kind, status or address."
            : "Every message the platform sends shows here: confirmations, password resets, digests, the newsletter."
        }
      />
    );
  }
  return (
    <div className="space-y-3">
      <Table caption="Messages, newest first">
        <THead>
          <TR>
            <TH>Subject</TH>
            <TH>To</TH>
            <TH>Kind</TH>
            <TH>Status</TH>
            <TH>Queued</TH>
          </TR>
        </THead>
        <TBody>
          {items.map((message) => {
            const badge = MAIL_STATUS_BADGES[message.status];
            return (
              <TR key={message._id} data-testid="outbox-row">
                <TH wrap>
                  <button
                    type="button"
                    className="text-left font-medium hover:underline"
                    onClick={() => onOpen(message._id)}
                  >
                    {message.subject}
                  </button>
                </TH>
                <TD className="text-muted-foreground">{message.to}</TD>
                <TD className="text-muted-foreground">{MAIL_KIND_LABELS[message.kind]}</TD>
                <TD>
                  <Badge variant={badge.variant} title={message.lastError ?? undefined}>
                    {badge.label}
                  </Badge>
                </TD>
                <TD className="text-muted-foreground">{formatDateTime(message.createdAt, timeZone)}</TD>
              </TR>
            );
          })}
        </TBody>
      </Table>
      {hasOlder ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void loadOlder()} isLoading={isLoadingOlder}>
            Show older messages
          </Button>
        </div>
      ) : null}
    </div>
  );
}
