// Appealing a decision: why it is wrong, in one's own words. Sent once; a different moderator
// decides. Mounted while open, so each opening starts afresh.
import type { ModerationDecision } from "@litverse/shared/moderation";
import { DECISION_EXPLANATION_MAX_LENGTH } from "@litverse/shared/moderation-inputs";
import { type FormEvent, useId, useState } from "react";
import { Field } from "../../components/ui/field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { describeError } from "../../lib/errors.ts";
import { actionText } from "./decision-card.tsx";

export function AppealDialog({
  decision,
  onClose,
  appeal,
  isAppealing,
}: {
  decision: ModerationDecision;
  onClose: () => void;
  /** Sends the appeal; a refusal is thrown, for the dialog to show. */
  appeal: (explanation: string) => Promise<void>;
  isAppealing: boolean;
}) {
  const formId = useId();
  const [explanation, setExplanation] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = explanation.trim();
    if (trimmed.length < 10) return setError("Say in a few words why the decision is wrong");
    setError(null);
    setFormError(null);
    try {
      await appeal(trimmed);
      onClose();
    } catch (caught) {
      const details = describeError(caught, "Could not send the appeal.");
      setError(details.fieldErrors.explanation?.[0] ?? null);
      setFormError(details.message);
    }
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && !isAppealing && onClose()}
      title="Appeal this decision"
      description={`${actionText(decision)}: ${decision.target.label}. You can appeal once.`}
      submitLabel="Send appeal"
      isPending={isAppealing}
      isCancelDisabled={isAppealing}
      error={formError}
      form={{ id: formId, className: "space-y-4", onSubmit: submit }}
    >
      <Field
        label="Why is the decision wrong?"
        required
        error={error}
        hint="What the moderator may have missed: the context, what you meant, what has changed."
      >
        <Textarea
          value={explanation}
          rows={5}
          maxLength={DECISION_EXPLANATION_MAX_LENGTH}
          onChange={(event) => setExplanation(event.target.value)}
        />
      </Field>
    </FormDialog>
  );
}
