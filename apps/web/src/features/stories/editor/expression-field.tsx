// Fields for conditions and effects that say what is wrong while the author types.
import type { StoryStat } from "@litverse/shared/stories/story-model";
import { STORY_LIMITS } from "@litverse/shared/stories/story-model";
import { Plus, X } from "lucide-react";
import { useId } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { expressionProblems } from "./expression-checks.ts";

export function ConditionField({
  value,
  onChange,
  stats,
}: {
  value: string;
  onChange: (value: string) => void;
  stats: readonly StoryStat[];
}) {
  const problems = expressionProblems(value, "condition", stats);
  return (
    <Field
      label="Condition"
      hint="Shown and open only when this holds, e.g. courage >= 3 and not met_dragon. Empty: always open."
      error={problems}
    >
      <Input
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Always open"
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        className="font-mono"
      />
    </Field>
  );
}

/** A list of effects (`gold += 5`, `toggle met_dragon`), each checked as typed. */
export function EffectsField({
  label,
  hint,
  effects,
  onChange,
  stats,
}: {
  label: string;
  hint: string;
  effects: readonly string[];
  onChange: (effects: string[]) => void;
  stats: readonly StoryStat[];
}) {
  const groupId = useId();
  const isFull = effects.length >= STORY_LIMITS.maxEffectsPerItem;
  return (
    <fieldset className="space-y-2" aria-describedby={`${groupId}-hint`}>
      <legend className="text-sm font-medium">{label}</legend>
      <p id={`${groupId}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      {effects.map((effect, index) => {
        const problems = expressionProblems(effect, "effect", stats);
        const errorId = `${groupId}-${index}-error`;
        return (
          // Effects are plain strings that may repeat; their place is what identifies them.
          // biome-ignore lint/suspicious/noArrayIndexKey: the position is the identity
          <div key={index} className="space-y-1">
            <div className="flex gap-2">
              <Input
                value={effect}
                aria-label={`${label} ${index + 1}`}
                aria-invalid={problems.length > 0 || undefined}
                aria-describedby={problems.length > 0 ? errorId : undefined}
                onChange={(event) => onChange(effects.map((e, i) => (i === index ? event.target.value : e)))}
                placeholder="gold += 5"
                spellCheck={false}
                autoCapitalize="off"
                autoComplete="off"
                className="font-mono"
              />
              <Button
                variant="ghost"
                size="icon"
                className="size-10 shrink-0"
                aria-label={`Remove ${label.toLowerCase()} ${index + 1}`}
                onClick={() => onChange(effects.filter((_, i) => i !== index))}
              >
                <X aria-hidden />
              </Button>
            </div>
            {problems.length > 0 ? (
              <div id={errorId} className="text-xs font-medium text-rose-700 dark:text-rose-300">
                {problems.map((problem) => (
                  <p key={problem}>{problem}</p>
                ))}
              </div>
            ) : null}
          </div>
        );
      })}
      <Button variant="secondary" size="sm" disabled={isFull} onClick={() => onChange([...effects, ""])}>
        <Plus aria-hidden />
        Add effect
      </Button>
    </fieldset>
  );
}
