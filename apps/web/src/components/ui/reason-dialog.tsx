// An action an administrator must give a reason for (a refund, revoking a grant): what will
// happen, and the reason, which is kept with it. The server decides whether the action can happen
// (coins already spent, already refunded) and says why not; the dialog shows that and stays open.
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { describeError } from "../../lib/errors.ts";
import { Field } from "./field.tsx";
import { FormDialog } from "./form-dialog.tsx";
import { Textarea } from "./textarea.tsx";

export const MIN_REASON = 3;
export const MAX_REASON = 500;

export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  reasonHint,
  failureMessage,
  onConfirm,
  reasonLabel = "Reason",
  validate = (reason) => (reason.length < MIN_REASON ? "Say why, in a few words." : null),
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Under the reason field: where the reason is kept. */
  reasonHint: string;
  /** Shown when the action fails without a reason from the server (the network, say). */
  failureMessage: string;
  /** Resolves once refunded; a rejection keeps the dialog open with the server's message. */
  onConfirm: (reason: string) => Promise<unknown>;
  /** Whom the reason is for, when it is read by someone besides the team. */
  reasonLabel?: string;
  /** The reason's own check, as the server makes it: a sentence when it fails. */
  validate?: (reason: string) => string | null;
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
    const problem = validate(trimmed);
    if (problem) return setError(problem);
    setError(null);
    setFormError(null);
    setIsPending(true);
    try {
      await onConfirm(trimmed);
      setIsPending(false);
      onOpenChange(false);
    } catch (caught) {
      setIsPending(false);
      const details = describeError(caught, failureMessage);
      setError(details.fieldErrors?.reason?.[0] ?? null);
      setFormError(details.message);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={change}
      title={title}
      description={description}
      submitLabel={confirmLabel}
      submitVariant="danger"
      isPending={isPending}
      isCancelDisabled={isPending}
      error={formError}
      form={{ id: formId, className: "space-y-4", onSubmit: submit }}
    >
      <Field label={reasonLabel} required error={error} hint={reasonHint}>
        <Textarea
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={MAX_REASON}
          rows={3}
        />
      </Field>
    </FormDialog>
  );
}
