// A select list on Radix Select: keyboard and screen reader support, and a list styled like the
// rest of the app instead of the browser's. Radix does not allow "" as an item value; leave the
// value undefined to show the placeholder.
import * as SelectPrimitive from "@radix-ui/react-select";
import { Check, ChevronDown, ChevronUp } from "lucide-react";
import { cn } from "./cn.ts";
import type { SelectProps } from "./select-types.ts";

export type { SelectProps } from "./select-types.ts";

export function Select<Value extends string = string>({
  items,
  value,
  defaultValue,
  onValueChange,
  placeholder = "Choose…",
  id,
  name,
  required,
  disabled,
  className,
  size = "md",
  ...aria
}: SelectProps<Value>) {
  return (
    <SelectPrimitive.Root
      value={value}
      defaultValue={defaultValue}
      onValueChange={onValueChange as ((value: string) => void) | undefined}
      name={name}
      required={required}
      disabled={disabled}
    >
      <SelectPrimitive.Trigger
        id={id}
        aria-label={aria["aria-label"]}
        aria-describedby={aria["aria-describedby"]}
        aria-invalid={aria["aria-invalid"]}
        className={cn(
          "inline-flex w-full items-center justify-between gap-2 rounded-lg border border-border bg-card px-3 text-left text-foreground shadow-sm transition",
          "hover:border-stone-300 focus-visible:border-brand-500 focus-visible:outline-offset-0 dark:hover:border-white/20",
          "disabled:cursor-not-allowed disabled:opacity-50 data-[placeholder]:text-muted-foreground",
          "aria-invalid:border-rose-500 dark:aria-invalid:border-rose-400",
          size === "sm" ? "h-8 text-sm" : "h-10 text-base sm:text-sm",
          className,
        )}
      >
        <span className="truncate">
          <SelectPrimitive.Value placeholder={placeholder} />
        </span>
        <SelectPrimitive.Icon asChild>
          <ChevronDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          collisionPadding={8}
          className={cn(
            "relative z-50 max-h-[min(var(--radix-select-content-available-height),20rem)] min-w-[var(--radix-select-trigger-width)] overflow-hidden",
            "rounded-xl border border-border bg-card text-foreground shadow-lg data-[state=open]:animate-[fade-in_120ms_ease-out]",
          )}
        >
          <SelectPrimitive.ScrollUpButton className="flex h-6 items-center justify-center text-muted-foreground">
            <ChevronUp className="size-4" aria-hidden />
          </SelectPrimitive.ScrollUpButton>
          <SelectPrimitive.Viewport className="p-1">
            {items.map((item) => (
              <SelectPrimitive.Item
                key={item.value}
                value={item.value}
                disabled={item.disabled}
                className={cn(
                  "relative flex min-h-9 cursor-default items-center rounded-lg py-1.5 pr-8 pl-3 text-sm outline-none select-none",
                  "data-[highlighted]:bg-muted data-[state=checked]:font-semibold data-[disabled]:pointer-events-none data-[disabled]:opacity-50",
                )}
              >
                <SelectPrimitive.ItemText>{item.label}</SelectPrimitive.ItemText>
                <SelectPrimitive.ItemIndicator className="absolute right-2 inline-flex items-center text-brand-600 dark:text-brand-400">
                  <Check className="size-4" aria-hidden />
                </SelectPrimitive.ItemIndicator>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
          <SelectPrimitive.ScrollDownButton className="flex h-6 items-center justify-center text-muted-foreground">
            <ChevronDown className="size-4" aria-hidden />
          </SelectPrimitive.ScrollDownButton>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
