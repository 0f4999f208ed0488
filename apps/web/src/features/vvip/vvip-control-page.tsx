// VVIP Control (superadmins): give a person VVIP access until a date, for a reason, or take it
// back. Every grant stays listed with who granted or revoked it, when and why: the audit trail.
import type { VvipGrantView } from "@litverse/shared/subscriptions";
import { grantVvipInput, VVIP_MAX_YEARS } from "@litverse/shared/subscriptions-inputs";
import { Gem } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { useGrantVvip, useRevokeVvip, useVvipGrants } from "./use-vvip-grants.ts";
import { dateInputValue, endOfDay } from "./vvip-dates.ts";

const STATE_LABELS = { active: "Active", ended: "Ended", revoked: "Revoked" } as const;
const STATE_BADGES = { active: "vvip", ended: "neutral", revoked: "danger" } as const;

export function VvipControlPage() {
  useDocumentTitle("VVIP Control");
  const grants = useVvipGrants();
  const [revoking, setRevoking] = useState<VvipGrantView | null>(null);
  return (
    <Page width="wide" className="space-y-8 py-8">
      <PageHeader
        title="VVIP Control"
        description="Give VVIP access outside any plan, or take it back. Every grant and revocation stays listed with who, when and why."
      />
      <GrantForm />
      <section aria-labelledby="grants-heading" className="space-y-4">
        <h2 id="grants-heading" className="text-lg font-semibold">
          Grants
        </h2>
        {grants.isError ? (
          <ErrorState
            error={grants.error}
            title="Could not load the grants"
            onRetry={() => void grants.refetch()}
          />
        ) : !grants.data ? (
          <div role="status" aria-label="Loading grants">
            <Skeleton className="h-48 w-full" />
          </div>
        ) : grants.data.length === 0 ? (
          <EmptyState as="h3" icon={Gem} title="No VVIP grants yet" text="Grants you make show here." />
        ) : (
          <Table caption="VVIP grants">
            <THead>
              <TR>
                <TH>Person</TH>
                <TH>State</TH>
                <TH>Until</TH>
                <TH>Granted</TH>
                <TH>Revoked</TH>
                <TH>
                  <span className="sr-only">Actions</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {grants.data.map((grant) => (
                <TR key={grant.id}>
                  <TH>
                    <span className="block">{grant.user.name ?? grant.user.email ?? "Unknown"}</span>
                    {grant.user.name && grant.user.email ? (
                      <span className="block text-xs font-normal text-muted-foreground">
                        {grant.user.email}
                      </span>
                    ) : null}
                  </TH>
                  <TD>
                    <Badge variant={STATE_BADGES[grant.state]}>{STATE_LABELS[grant.state]}</Badge>
                  </TD>
                  <TD>{formatDate(grant.endsAt)}</TD>
                  <TD wrap>
                    <span className="block">{grant.reason}</span>
                    <span className="block text-xs text-muted-foreground">
                      {formatDateTime(grant.grantedAt)}
                      {grant.grantedBy ? ` by ${grant.grantedBy}` : ""}
                    </span>
                  </TD>
                  <TD wrap>
                    {grant.revokedAt ? (
                      <>
                        <span className="block">{grant.revokeReason}</span>
                        <span className="block text-xs text-muted-foreground">
                          {formatDateTime(grant.revokedAt)}
                          {grant.revokedBy ? ` by ${grant.revokedBy}` : ""}
                        </span>
                      </>
                    ) : (
                      <span className="text-muted-foreground">—</span>
                    )}
                  </TD>
                  <TD className="text-right">
                    {grant.state === "active" ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setRevoking(grant)}
                        aria-label={`Revoke VVIP of ${grant.user.email ?? grant.user.name ?? "this person"}`}
                      >
                        Revoke
                      </Button>
                    ) : null}
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </section>
      {revoking ? (
        <RevokeDialog
          key={revoking.id}
          grant={revoking}
          onOpenChange={(open) => {
            if (!open) setRevoking(null);
          }}
        />
      ) : null}
    </Page>
  );
}

type GrantErrors = Partial<Record<"email" | "reason" | "endsAt" | "form", string>>;

function GrantForm() {
  const today = new Date();
  const [email, setEmail] = useState("");
  const [reason, setReason] = useState("");
  const [endDate, setEndDate] = useState(() => dateInputValue(new Date(Date.now() + 30 * 86_400_000)));
  const [errors, setErrors] = useState<GrantErrors>({});
  const { grant, isPending } = useGrantVvip();
  const maxDate = new Date(today);
  maxDate.setFullYear(maxDate.getFullYear() + VVIP_MAX_YEARS);
  maxDate.setDate(maxDate.getDate() - 1);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const endsAt = endOfDay(endDate);
    const parsed = grantVvipInput.safeParse({ email, reason, endsAt: endsAt?.toISOString() ?? "" });
    const found: GrantErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof GrantErrors;
        found[key] ??= issue.message;
      }
    }
    const latest = endOfDay(dateInputValue(maxDate));
    if (!endsAt || endsAt.getTime() <= Date.now()) found.endsAt = "Choose a date after today.";
    else if (latest && endsAt > latest) {
      found.endsAt = `At most ${VVIP_MAX_YEARS} years from today.`;
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    await grant({ ...parsed.data, endsAt: parsed.data.endsAt.toISOString() }, email, {
      onGranted: () => {
        setEmail("");
        setReason("");
      },
      onFailed: (details) =>
        setErrors({
          email: details.fieldErrors.email?.[0],
          reason: details.fieldErrors.reason?.[0],
          endsAt: details.fieldErrors.endsAt?.[0],
          form: details.message,
        }),
    });
  };

  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Grant VVIP access</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        The person opens every VVIP and premium title until the end of the chosen day.
      </p>
      <form className="mt-4 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        {errors.form ? (
          <p
            role="alert"
            className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700 dark:bg-rose-400/10 dark:text-rose-300"
          >
            {errors.form}
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <Field label="Email" required error={errors.email} hint="The email of their Litverse account.">
            <Input
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </Field>
          <Field label="Until" required error={errors.endsAt}>
            <Input
              type="date"
              value={endDate}
              min={dateInputValue(new Date(Date.now() + 86_400_000))}
              max={dateInputValue(maxDate)}
              onChange={(event) => setEndDate(event.target.value)}
            />
          </Field>
        </div>
        <Field label="Reason" required error={errors.reason} hint="Kept with the grant: why they get it.">
          <Textarea
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={2}
            maxLength={500}
          />
        </Field>
        <Button type="submit" isLoading={isPending}>
          <Gem aria-hidden />
          Grant VVIP
        </Button>
      </form>
    </Card>
  );
}

function RevokeDialog({
  grant,
  onOpenChange,
}: {
  grant: VvipGrantView;
  onOpenChange: (open: boolean) => void;
}) {
  const formId = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { revoke, isPending } = useRevokeVvip();
  const who = grant.user.email ?? grant.user.name ?? "this person";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) return setError("Say why, in a few words.");
    setError(null);
    await revoke({ grantId: grant.id, reason: reason.trim() }, who, {
      onRevoked: () => onOpenChange(false),
      onFailed: setError,
    });
  };

  return (
    <Dialog open onOpenChange={(open) => (isPending ? undefined : onOpenChange(open))}>
      <DialogContent
        title="Revoke VVIP access?"
        description={`${who} loses VVIP access at once (a VVIP plan they pay for is not affected). The grant stays listed with your reason.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isPending}>
              Cancel
            </Button>
            <Button type="submit" form={formId} variant="danger" isLoading={isPending}>
              Revoke access
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
          <Field label="Reason" required error={error}>
            <Textarea
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              rows={3}
              maxLength={500}
            />
          </Field>
        </form>
      </DialogContent>
    </Dialog>
  );
}
