// The frame of every action on an account: what will happen, the action's own fields, and the
// reason, which the audit trail keeps (and a suspended or banned person is shown). The server
// decides whether the action can happen (the last superadmin, one's own account) and says why
// not; the dialog shows that and stays open. Mounted while open, so each opening starts afresh.
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Field } from "../../components/ui/field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { MAX_REASON, MIN_REASON } from "../../components/ui/reason-dialog.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { describeError } from "../../lib/errors.ts";
import type { FieldErrors } from "../../lib/form-errors.ts";

export function AccountActionDialog({
  onClose,
  title,
  description,
  submitLabel,
  variant = "primary",
  reasonHint = "Kept in the account's history and the audit trail.",
  failureMessage,
  canSubmit = true,
  fields,
  fieldKeys = [],
  check,
  onConfirm,
}: {
  onClose: () => void;
  title: string;
  description: ReactNode;
  submitLabel: string;
  variant?: "primary" | "danger";
  reasonHint?: string;
  /** Shown when the action fails without a reason from the server (the network, say). */
  failureMessage: string;
  /** False greys the button out while what is filled in could not be sent. */
  canSubmit?: boolean;
  /** The action's own fields, above the reason, given the messages per field. */
  fields?: (errors: FieldErrors) => ReactNode;
  /** The input keys those fields stand for ("days"): their messages show at them. */
  fieldKeys?: string[];
  /** What is wrong with the action's own fields before anything is sent; `{}` when nothing. */
  check?: () => FieldErrors;
  /** Resolves once done; a rejection keeps the dialog open with the server's message. */
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const formId = useId();
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = { ...check?.() };
    const trimmed = reason.trim();
    if (trimmed.length < MIN_REASON) found.reason = ["Give a reason of at least 3 characters."];
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setIsPending(true);
    try {
      await onConfirm(trimmed);
      setIsPending(false);
      onClose();
    } catch (caught) {
      setIsPending(false);
      const details = describeError(caught, failureMessage);
      setErrors(details.fieldErrors);
      // A field's message shows at the field; anything else, above the buttons.
      const shownAtField = ["reason", ...fieldKeys].some((key) =>
        details.fieldErrors[key]?.includes(details.message),
      );
      setFormError(shownAtField ? null : details.message);
    }
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open && !isPending) onClose();
      }}
      title={title}
      description={description}
      submitLabel={submitLabel}
      submitVariant={variant}
      isPending={isPending}
      canSubmit={canSubmit}
      isCancelDisabled={isPending}
      error={formError}
      form={{ id: formId, className: "space-y-4", onSubmit: submit }}
    >
      {fields?.(errors)}
      <Field label="Reason" required error={errors.reason} hint={reasonHint}>
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
