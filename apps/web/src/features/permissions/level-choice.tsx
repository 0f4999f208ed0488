// A section's level as a segmented control: one radio per choice, the chosen one raised.
import { useId } from "react";

interface LevelOption<Value extends string> {
  value: Value;
  label: string;
}

export function LevelChoice<Value extends string>({
  legend,
  hint,
  options,
  value,
  onChange,
  disabled,
}: {
  legend: string;
  hint?: string;
  options: ReadonlyArray<LevelOption<Value>>;
  value: Value;
  onChange: (value: Value) => void;
  disabled?: boolean;
}) {
  const name = useId();
  const labelId = `${name}-label`;
  const hintId = `${name}-hint`;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p id={labelId} className="text-sm font-medium">
          {legend}
        </p>
        {hint ? (
          <p id={hintId} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={hint ? hintId : undefined}
        className="flex w-full shrink-0 gap-1 rounded-xl bg-stone-100 p-1 sm:w-auto dark:bg-white/5"
      >
        {options.map((option) => (
          <label
            key={option.value}
            className="relative flex h-8 flex-1 cursor-pointer items-center justify-center rounded-lg px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition hover:text-foreground has-[:checked]:bg-card has-[:checked]:text-foreground has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 sm:flex-none dark:has-[:checked]:bg-white/10"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              disabled={disabled}
              className="absolute inset-0 cursor-pointer appearance-none rounded-lg opacity-0"
            />
            {option.label}
          </label>
        ))}
      </div>
    </div>
  );
}
