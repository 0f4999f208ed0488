// A select list on the browser's own <select>: the phone's native picker, nothing to download.
// Same items and props as Select; use it where a page must stay light (explore's filters).
import { ChevronDown } from "lucide-react";
import { cn } from "./cn.ts";
import type { SelectProps } from "./select-types.ts";

export function NativeSelect<Value extends string = string>({
  items,
  value,
  defaultValue,
  onValueChange,
  placeholder,
  id,
  name,
  required,
  disabled,
  className,
  size = "md",
  ...aria
}: SelectProps<Value>) {
  return (
    <span className={cn("relative inline-flex w-full", className)}>
      <select
        id={id}
        name={name}
        required={required}
        disabled={disabled}
        value={value}
        defaultValue={defaultValue}
        onChange={(event) => onValueChange?.(event.target.value as Value)}
        aria-label={aria["aria-label"]}
        aria-describedby={aria["aria-describedby"]}
        aria-invalid={aria["aria-invalid"]}
        className={cn(
          "w-full appearance-none rounded-lg border border-border bg-card pr-9 pl-3 text-foreground shadow-sm transition",
          // The app's focus outline, as on the other controls: a faint ring was lost on dark pages.
          "hover:border-brand-400 focus-visible:border-brand-500 focus-visible:outline-offset-0",
          "disabled:cursor-not-allowed disabled:opacity-60",
          // 16 px text on phones, so that iOS does not zoom into the field.
          size === "sm" ? "h-9 text-base sm:text-sm" : "h-10 text-base sm:text-sm",
        )}
      >
        {placeholder && value === undefined ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {items.map((item) => (
          <option key={item.value} value={item.value} disabled={item.disabled}>
            {item.label}
          </option>
        ))}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
    </span>
  );
}
