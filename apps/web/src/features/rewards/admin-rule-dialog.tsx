// Changing one reward rule: the new amount (and, for XP, the daily cap), what the change would have
// granted over the last week next to what the rule as it stands granted, and saving it. A change
// applies to what is earned from then on; nothing granted before changes.
import type { RewardRule } from "@litverse/shared/rewards";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Field } from "../../components/ui/field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { RulePreviewPanel } from "./admin-rule-preview.tsx";
import { ruleLabel } from "./reward-labels.ts";
import { useUpdateRule } from "./use-reward-rules.ts";

export interface RuleRow extends RewardRule {
  defaultAmount: number;
  defaultDailyCap: number | null;
}

/** A whole number typed in a field, or null while it is not one. */
function wholeNumberOf(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

export function RuleDialog({ rule, onClose }: { rule: RuleRow | null; onClose: () => void }) {
  const formId = useId();
  const [amount, setAmount] = useState("");
  const [dailyCap, setDailyCap] = useState("");
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [message, setMessage] = useState<string | null>(null);
  const { update, isPending: isSaving } = useUpdateRule();
  const isXp = rule?.kind === "xp";

  useEffect(() => {
    if (!rule) return;
    setAmount(String(rule.amount));
    setDailyCap(rule.dailyCap === null ? "" : String(rule.dailyCap));
    setErrors({});
    setMessage(null);
  }, [rule]);

  const proposed = rule
    ? { key: rule.key, amount: wholeNumberOf(amount), dailyCap: isXp ? wholeNumberOf(dailyCap) : null }
    : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!rule) return;
    // What was typed goes to the server as typed (a number where it is one): the server's rules
    // decide what is allowed and say what is wrong.
    const toNumber = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
    update(
      { key: rule.key, amount: toNumber(amount), ...(isXp ? { dailyCap: toNumber(dailyCap) } : {}) },
      {
        onSaved: onClose,
        onFailed: (fieldErrors, failure) => {
          setErrors(fieldErrors);
          setMessage(failure);
        },
      },
    );
  };

  return (
    <FormDialog
      open={rule !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={rule ? `Change ${ruleLabel(rule.key)}` : "Change rule"}
      description="Applies to what is earned from now on. Nothing granted before changes."
      size="lg"
      submitLabel="Save rule"
      isPending={isSaving}
      form={{ id: formId, className: "space-y-4", onSubmit: submit }}
    >
      {rule ? (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              label={isXp ? "XP per unit" : "Bonus coins"}
              hint={`Default: ${rule.defaultAmount}`}
              error={errors.amount}
            >
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
              />
            </Field>
            {isXp ? (
              <Field label="Daily cap (XP)" hint={`Default: ${rule.defaultDailyCap}`} error={errors.dailyCap}>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  value={dailyCap}
                  onChange={(event) => setDailyCap(event.target.value)}
                />
              </Field>
            ) : null}
          </div>
          {message ? (
            <p role="alert" className="text-sm font-medium text-rose-600 dark:text-rose-400">
              {message}
            </p>
          ) : null}
          {proposed ? <RulePreviewPanel proposed={proposed} /> : null}
        </>
      ) : null}
    </FormDialog>
  );
}
