// A dialog that asks for something and sends it: the title and description, the fields, the
// form's message when sending fails, and Cancel beside the submit button, which spins while the
// feature's hook sends. The feature keeps its fields' state and its calls; this is their frame.
import { type FormEvent, type ReactNode, useState } from "react";
import type { ErrorDetails } from "../../lib/errors.ts";
import { Button } from "./button.tsx";
import { Dialog, DialogContent, type DialogContentProps, DialogTrigger } from "./dialog.tsx";

interface FormDialogBase {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The element that opens it, for a dialog that keeps its own open state. */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  size?: DialogContentProps["size"];
  className?: string;
  /** Say what happens: "Create club", not "OK". */
  submitLabel: ReactNode;
  submitVariant?: "primary" | "danger";
  /** The submit button spins (and cannot be pressed again) while this is true. */
  isPending: boolean;
  /** False greys the submit button out while what is typed could not be sent. */
  canSubmit?: boolean;
  /** What Cancel does; closing through onOpenChange unless given. */
  onCancel?: () => void;
  /** Keeps Cancel from closing mid-send, which would hide whether it worked. */
  isCancelDisabled?: boolean;
  /**
   * The message for the whole form (the server's, or why it cannot be sent), after the fields.
   * A dialog that shows it elsewhere renders it among its fields and leaves this out.
   */
  error?: ReactNode;
  children: ReactNode;
}

/** The fields sit in a <form>: Enter in a field submits it; the fields say what is wrong, not the browser. */
interface WithForm {
  form: { id: string; className?: string; onSubmit: (event: FormEvent<HTMLFormElement>) => unknown };
  onSubmit?: never;
}

/** No form around the fields: the submit button calls `onSubmit`. */
interface WithoutForm {
  form?: never;
  onSubmit: () => unknown;
}

export type FormDialogProps = FormDialogBase & (WithForm | WithoutForm);

/** What the server found wrong with a form: a message per field, and one for the whole form. */
export function useFormErrors() {
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [message, setMessage] = useState<string | null>(null);
  return {
    errors,
    message,
    /** Shows a failed call's details, as describeError gives them. */
    show: (details: ErrorDetails) => {
      setErrors(details.fieldErrors ?? {});
      setMessage(details.message);
    },
    clear: () => {
      setErrors({});
      setMessage(null);
    },
  };
}

export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  size,
  className,
  submitLabel,
  submitVariant,
  isPending,
  canSubmit = true,
  onCancel,
  isCancelDisabled,
  error,
  form,
  onSubmit,
  children,
}: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent
        title={title}
        description={description}
        size={size}
        className={className}
        footer={
          <>
            <Button
              variant="secondary"
              onClick={onCancel ?? (() => onOpenChange(false))}
              disabled={isCancelDisabled}
            >
              Cancel
            </Button>
            {form ? (
              <Button
                type="submit"
                form={form.id}
                variant={submitVariant}
                isLoading={isPending}
                disabled={!canSubmit}
              >
                {submitLabel}
              </Button>
            ) : (
              <Button
                variant={submitVariant}
                onClick={() => void onSubmit?.()}
                isLoading={isPending}
                disabled={!canSubmit}
              >
                {submitLabel}
              </Button>
            )}
          </>
        }
      >
        {form ? (
          <form
            id={form.id}
            className={form.className}
            onSubmit={(event) => void form.onSubmit(event)}
            noValidate
          >
            {children}
            {/* One more row of the form's spaced stack. */}
            {error ? (
              <p role="alert" className="text-sm font-medium text-rose-600 dark:text-rose-400">
                {error}
              </p>
            ) : null}
          </form>
        ) : (
          <>
            {children}
            {/* Under the body, in the softer tone the club dialogs (which have no form) have always used. */}
            {error ? (
              <p role="alert" className="mt-3 text-sm text-rose-700 dark:text-rose-300">
                {error}
              </p>
            ) : null}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
