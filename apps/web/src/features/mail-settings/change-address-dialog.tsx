// Changing one's address (accounts of the platform's own sign-in): the new address and the
// current password. Nothing changes until the link sent to the new address is followed.
import { changeEmailInput } from "@litverse/shared/mail-inputs";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Field } from "../../components/ui/field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { describeError, INVALID_INPUT_MESSAGE } from "../../lib/errors.ts";
import { useChangeEmail } from "./use-email-settings.ts";

export function ChangeAddressDialog({
  open,
  onOpenChange,
  current,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: string | null;
}) {
  const formId = useId();
  const { change, isChanging } = useChangeEmail();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setEmail("");
    setPassword("");
    setErrors({});
    setMessage(null);
  }, [open]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = changeEmailInput.safeParse({ email, password });
    if (!checked.success) {
      const found: Record<string, string[]> = {};
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0] ?? "form");
        found[key] = [...(found[key] ?? []), issue.message];
      }
      setErrors(found);
      setMessage(INVALID_INPUT_MESSAGE);
      return;
    }
    try {
      await change(checked.data);
      onOpenChange(false);
    } catch (error) {
      const details = describeError(error, "Could not change the address.");
      setErrors(details.fieldErrors);
      setMessage(details.message);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change your address"
      description="We send a link to the new address; your address changes when you follow it."
      submitLabel="Send the link"
      isPending={isChanging}
      isCancelDisabled={isChanging}
      error={message}
      form={{ id: formId, className: "space-y-4", onSubmit: submit }}
    >
      {current ? <p className="text-sm text-muted-foreground">Now: {current}</p> : null}
      <Field label="New address" error={errors.email} required>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </Field>
      <Field label="Current password" hint="To be sure it is you." error={errors.password} required>
        <Input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Field>
    </FormDialog>
  );
}
