// Refunding a purchase or an unlock: what will happen, and a reason, which the audit trail keeps.
// The server decides whether the refund can happen (coins already spent, already refunded) and
// says why not; the dialog shows that and stays open.
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { describeError } from "../../lib/errors.ts";

export const MIN_REASON = 3;
export const MAX_REASON = 500;

export function RefundDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onRefund,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Resolves once refunded; a rejection keeps the dialog open with the server's message. */
  onRefund: (reason: string) => Promise<unknown>;
}) {
  const formId = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  const change = (next: boolean) => {
    if (isPending) return;
    if (next) {
      setReason("");
      setError(null);
      setFormError(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed.length < MIN_REASON) return setError("Say why, in a few words.");
    setError(null);
    setFormError(null);
    setIsPending(true);
    try {
      await onRefund(trimmed);
      setIsPending(false);
      onOpenChange(false);
    } catch (caught) {
      setIsPending(false);
      const details = describeError(caught, "Could not refund it. Please try again.");
      setError(details.fieldErrors?.reason?.[0] ?? null);
      setFormError(details.message);
    }
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title={title}
        description={description}
        footer={
          <>
            <Button variant="secondary" onClick={() => change(false)} disabled={isPending}>
              Cancel
            </Button>
            <Button type="submit" form={formId} variant="danger" isLoading={isPending}>
              {confirmLabel}
            </Button>
          </>
        }
      >
        <form id={formId} className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          <Field label="Reason" required error={error} hint="Kept with the refund for the audit trail.">
            <Textarea
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={MAX_REASON}
              rows={3}
            />
          </Field>
          {formError ? (
            <p role="alert" className="text-sm font-medium text-rose-600 dark:text-rose-400">
              {formError}
            </p>
          ) : null}
        </form>
      </DialogContent>
    </Dialog>
  );
}
