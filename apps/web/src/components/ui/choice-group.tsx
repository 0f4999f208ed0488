// A short list of radio buttons drawn as cards (what an ad promotes, when an issue goes). The
// native radios keep the arrow keys and the group's name for screen readers.
import { type ReactNode, useId } from "react";
import { cn } from "./cn.ts";

export interface Choice<Value extends string> {
  value: Value;
  label: string;
  hint?: ReactNode;
}

export function ChoiceGroup<Value extends string>({
  legend,
  choices,
  value,
  onChange,
  error,
  className,
}: {
  legend: string;
  choices: ReadonlyArray<Choice<Value>>;
  value: Value;
  onChange: (value: Value) => void;
  error?: string[];
  className?: string;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error?.length ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className={cn("grid gap-2", className)}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              "flex cursor-pointer flex-col gap-0.5 rounded-xl border border-border p-3 text-sm transition",
              "has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500",
              "dark:has-[:checked]:bg-brand-500/10",
            )}
          >
            <span className="flex items-center gap-2 font-medium">
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={value === choice.value}
                onChange={() => onChange(choice.value)}
                className="size-4 shrink-0 accent-brand-600"
              />
              {choice.label}
            </span>
            {choice.hint ? <span className="pl-6 text-xs text-muted-foreground">{choice.hint}</span> : null}
          </label>
        ))}
      </div>
      {error?.length ? (
        <div id={errorId} className="mt-1.5 text-xs font-medium text-rose-600 dark:text-rose-400">
          {error.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
