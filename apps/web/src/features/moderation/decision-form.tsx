// Deciding about an item: the action, whom hidden content is hidden from, the rule broken (and the
// law, for illegal content), the explanation its author receives, and the days of a suspension.
// The form checks itself with the shared schema first and points at each field; the confirmation
// then says in plain words what will happen. A refusal from the server shows in the confirmation
// and at its fields.
import {
  COMMUNITY_RULE_LABELS,
  COMMUNITY_RULES,
  type CommunityRule,
  HIDE_AUDIENCES,
  type HideAudience,
  MODERATION_ACTION_LABELS,
  MODERATION_ACTIONS,
  type ModerationAction,
  type ModerationQueueItem,
} from "@litverse/shared/moderation";
import {
  DECISION_EXPLANATION_MAX_LENGTH,
  decideInput,
  MAX_SUSPENSION_DAYS,
} from "@litverse/shared/moderation-inputs";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { describeError } from "../../lib/errors.ts";
import type { FieldErrors } from "../../lib/form-errors.ts";
import { focusFirstInvalid } from "./focus-first-invalid.ts";
import { AUDIENCE_LABELS, decisionConsequence, isAudience } from "./moderation-values.ts";
import { type DecideInput, useDecide } from "./use-moderation-review.ts";

/** One line under each action, so the choice is made knowing what it does. */
const ACTION_HINTS: Record<ModerationAction, string> = {
  dismiss: "Nothing was wrong: the item stays and its reports close.",
  hide: "It stays, but out of sight of everyone or of readers under 18.",
  remove: "Taken down for everyone.",
  restrict_earning: "The author earns nothing from what they post.",
  warn: "The item stays; the author gets a strike.",
  suspend: "The author cannot sign in for some days.",
  ban: "The author cannot sign in until the ban is lifted.",
};

const RULE_NONE = "";

export function DecisionForm({ item }: { item: ModerationQueueItem }) {
  const formId = useId();
  const decide = useDecide();
  const [action, setAction] = useState<ModerationAction | null>(null);
  const [audience, setAudience] = useState<HideAudience>("everyone");
  const [rule, setRule] = useState<CommunityRule | null>(null);
  const [legalGround, setLegalGround] = useState("");
  const [explanation, setExplanation] = useState("");
  const [days, setDays] = useState("7");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [asked, setAsked] = useState<DecideInput | null>(null);

  const build = (): DecideInput | null => {
    const input = {
      itemId: item.id,
      action: action ?? undefined,
      audience: action === "hide" ? audience : null,
      rule: action === "dismiss" ? (rule ?? null) : rule,
      legalGround: rule === "illegal_content" ? legalGround.trim() : null,
      explanation: explanation.trim(),
      suspendDays: action === "suspend" ? (days.trim() === "" ? Number.NaN : Number(days)) : null,
    };
    const checked = decideInput.safeParse(input);
    if (checked.success) {
      setErrors({});
      return checked.data;
    }
    const found: FieldErrors = {};
    for (const issue of checked.error.issues) {
      const key = typeof issue.path[0] === "string" ? issue.path[0] : "form";
      const message =
        key === "suspendDays" && issue.message.startsWith("Invalid") ? "Choose how many days" : issue.message;
      if (!found[key]) found[key] = [message];
    }
    setErrors(found);
    focusFirstInvalid(formId);
    return null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = build();
    if (input) setAsked(input);
  };

  const confirm = async () => {
    if (!asked) return;
    try {
      await decide(asked);
    } catch (error) {
      setErrors(describeError(error).fieldErrors);
      focusFirstInvalid(formId);
      throw error;
    }
    setAction(null);
    setRule(null);
    setLegalGround("");
    setExplanation("");
    setErrors({});
  };

  const consequence = asked
    ? decisionConsequence({
        action: asked.action,
        audience: asked.audience ?? null,
        suspendDays: asked.suspendDays ?? null,
        label: item.target.label,
        authorName: item.author?.name ?? null,
      })
    : null;
  const isDangerous = asked !== null && asked.action !== "dismiss";

  return (
    <form id={formId} onSubmit={submit} noValidate className="space-y-5" aria-label="Decision">
      <fieldset
        className="space-y-1.5"
        aria-describedby={errors.action ? `${formId}-action-error` : undefined}
      >
        <legend className="mb-2 text-sm font-medium">
          Decision
          <span className="ml-0.5 text-rose-600 dark:text-rose-400" aria-hidden>
            *
          </span>
        </legend>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {MODERATION_ACTIONS.map((value) => (
            <label
              key={value}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-lg border border-border px-3 py-2 text-sm",
                "has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 dark:has-[:checked]:bg-brand-500/10",
              )}
            >
              <input
                type="radio"
                name={`${formId}-action`}
                value={value}
                checked={action === value}
                onChange={() => setAction(value)}
                aria-invalid={errors.action ? true : undefined}
                className="mt-0.5 size-4 shrink-0 accent-brand-600"
              />
              <span>
                <span className="block font-medium">{MODERATION_ACTION_LABELS[value]}</span>
                <span className="block text-xs text-muted-foreground">{ACTION_HINTS[value]}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.action ? (
          <p id={`${formId}-action-error`} className="text-xs font-medium text-rose-600 dark:text-rose-400">
            {errors.action[0]}
          </p>
        ) : null}
      </fieldset>

      {action === "hide" ? (
        <fieldset className="space-y-1.5">
          <legend className="mb-2 text-sm font-medium">Hidden from</legend>
          <div className="flex flex-wrap gap-2">
            {HIDE_AUDIENCES.map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-brand-500/10"
              >
                <input
                  type="radio"
                  name={`${formId}-audience`}
                  value={value}
                  checked={audience === value}
                  onChange={(event) => isAudience(event.target.value) && setAudience(event.target.value)}
                  className="size-4 accent-brand-600"
                />
                {AUDIENCE_LABELS[value]}
              </label>
            ))}
          </div>
          {errors.audience ? (
            <p className="text-xs font-medium text-rose-600 dark:text-rose-400">{errors.audience[0]}</p>
          ) : null}
        </fieldset>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Rule broken" required={action !== "dismiss"} error={errors.rule}>
          {(control) => (
            <NativeSelect
              {...control}
              value={rule ?? RULE_NONE}
              onValueChange={(next) => setRule(next === RULE_NONE ? null : (next as CommunityRule))}
              items={[
                { value: RULE_NONE, label: action === "dismiss" ? "None" : "Choose a rule" },
                ...COMMUNITY_RULES.map((value) => ({ value, label: COMMUNITY_RULE_LABELS[value] })),
              ]}
            />
          )}
        </Field>
        {action === "suspend" ? (
          <Field label="Days" required error={errors.suspendDays} hint={`1 to ${MAX_SUSPENSION_DAYS}`}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_SUSPENSION_DAYS}
              value={days}
              onChange={(event) => setDays(event.target.value)}
            />
          </Field>
        ) : null}
      </div>

      {rule === "illegal_content" ? (
        <Field
          label="Legal ground"
          required
          error={errors.legalGround}
          hint="The law the content breaks, as the author's statement of reasons will name it."
        >
          <Input
            value={legalGround}
            maxLength={300}
            onChange={(event) => setLegalGround(event.target.value)}
          />
        </Field>
      ) : null}

      <Field
        label="Explanation to the author"
        required={action !== "dismiss"}
        error={errors.explanation}
        hint="They read it in their statement of reasons: say what was wrong, in a sentence or two."
      >
        <Textarea
          value={explanation}
          rows={4}
          maxLength={DECISION_EXPLANATION_MAX_LENGTH}
          onChange={(event) => setExplanation(event.target.value)}
        />
      </Field>

      {errors.form || errors.itemId ? (
        <p role="alert" className="text-sm font-medium text-rose-600 dark:text-rose-400">
          {(errors.form ?? errors.itemId)?.[0]}
        </p>
      ) : null}

      <Button type="submit" variant={action && action !== "dismiss" ? "danger" : "primary"}>
        {action ? `${MODERATION_ACTION_LABELS[action]}…` : "Decide…"}
      </Button>

      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        title={consequence ? `${consequence.title}?` : ""}
        description={consequence?.text}
        confirmLabel={asked ? MODERATION_ACTION_LABELS[asked.action] : "Decide"}
        variant={isDangerous ? "danger" : "primary"}
        errorFallback="Could not make the decision."
        onConfirm={confirm}
      />
    </form>
  );
}
