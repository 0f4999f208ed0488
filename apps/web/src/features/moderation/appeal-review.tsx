// Appeals of an item's decisions waiting for a moderator: the decision, the author's explanation,
// and the outcome with a reply. The moderator who made the decision does not decide its appeal.
import type { ModerationAppeal, ModerationDecision } from "@litverse/shared/moderation";
import { DECISION_EXPLANATION_MAX_LENGTH } from "@litverse/shared/moderation-inputs";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { describeError } from "../../lib/errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { DecisionSummary } from "./decision-card.tsx";
import { ReviewSection } from "./review-item.tsx";
import { useDecideAppeal } from "./use-moderation-review.ts";

type PendingAppeal = ModerationAppeal & { decision: ModerationDecision };

export function PendingAppeals({
  appeals,
  myId,
  canManage,
}: {
  appeals: PendingAppeal[];
  myId: string | null;
  canManage: boolean;
}) {
  if (appeals.length === 0) return null;
  return (
    <ReviewSection title="Appeals waiting" id="review-appeals">
      <ul className="space-y-6">
        {appeals.map((appeal) => (
          <li key={appeal.id} className="space-y-3" data-testid="pending-appeal">
            <DecisionSummary decision={appeal.decision} />
            <div className="rounded-xl bg-muted px-4 py-3 text-sm">
              <p className="text-xs text-muted-foreground">
                The author's appeal, {formatDateTime(appeal.createdAt)}
              </p>
              <p className="mt-1 break-words whitespace-pre-line">{appeal.explanation}</p>
            </div>
            {!canManage ? null : appeal.decision.decidedBy?.id === myId ? (
              <p className="text-sm text-muted-foreground">
                You made this decision: a different moderator decides its appeal.
              </p>
            ) : (
              <AppealForm appealId={appeal.id} />
            )}
          </li>
        ))}
      </ul>
    </ReviewSection>
  );
}

function AppealForm({ appealId }: { appealId: string }) {
  const formId = useId();
  const { decide, isDeciding } = useDecideAppeal();
  const [outcome, setOutcome] = useState<"upheld" | "rejected" | null>(null);
  const [reply, setReply] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string[]> = {};
    if (!outcome) found.outcome = ["Choose whether the appeal is upheld"];
    if (reply.trim().length < 10) found.reply = ["Give the author your reasons"];
    setErrors(found);
    setFormError(null);
    if (!outcome || Object.keys(found).length > 0) return;
    try {
      await decide({ appealId, outcome, reply: reply.trim() });
    } catch (error) {
      const details = describeError(error, "Could not decide the appeal.");
      setErrors(details.fieldErrors);
      setFormError(details.message);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-3"
      aria-label="Decide the appeal"
    >
      <fieldset aria-describedby={errors.outcome ? `${formId}-outcome-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">Outcome</legend>
        <div className="flex flex-wrap gap-2">
          {(
            [
              ["upheld", "Uphold: reverse the decision"],
              ["rejected", "Reject: the decision stands"],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-brand-500/10"
            >
              <input
                type="radio"
                name={`${formId}-outcome`}
                value={value}
                checked={outcome === value}
                onChange={() => setOutcome(value)}
                className="size-4 accent-brand-600"
              />
              {label}
            </label>
          ))}
        </div>
        {errors.outcome ? (
          <p
            id={`${formId}-outcome-error`}
            className="mt-1 text-xs font-medium text-rose-600 dark:text-rose-400"
          >
            {errors.outcome[0]}
          </p>
        ) : null}
      </fieldset>
      <Field label="Reply to the author" required error={errors.reply}>
        <Textarea
          value={reply}
          rows={3}
          maxLength={DECISION_EXPLANATION_MAX_LENGTH}
          onChange={(event) => setReply(event.target.value)}
        />
      </Field>
      {formError ? (
        <p role="alert" className="text-sm font-medium text-rose-600 dark:text-rose-400">
          {formError}
        </p>
      ) : null}
      <Button type="submit" isLoading={isDeciding}>
        Send the outcome
      </Button>
    </form>
  );
}
