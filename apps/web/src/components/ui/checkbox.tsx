import * as CheckboxPrimitive from "@radix-ui/react-checkbox";
import { Check, Minus } from "lucide-react";
import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "./cn.ts";

export type CheckboxProps = ComponentProps<typeof CheckboxPrimitive.Root> & {
  /** A label beside the box, which also toggles it; without one, give the box an aria-label. */
  label?: ReactNode;
  /** A second, quieter line under the label. */
  description?: ReactNode;
};

/** `checked` may be true, false or "indeterminate" (some of a list selected). */
export function Checkbox({ label, description, id, className, ...props }: CheckboxProps) {
  const autoId = useId();
  const boxId = id ?? `checkbox-${autoId}`;
  const descriptionId = description ? `${boxId}-description` : undefined;
  const box = (
    <CheckboxPrimitive.Root
      {...props}
      id={boxId}
      aria-describedby={cn(props["aria-describedby"], descriptionId) || undefined}
      className={cn(
        "inline-flex size-5 shrink-0 items-center justify-center rounded-md border border-stone-300 bg-card text-white shadow-sm transition dark:border-white/25",
        "hover:border-brand-500 disabled:cursor-not-allowed disabled:opacity-50",
        "data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600",
        "data-[state=indeterminate]:border-brand-600 data-[state=indeterminate]:bg-brand-600",
        "aria-invalid:border-rose-500",
        !label && className,
      )}
    >
      <CheckboxPrimitive.Indicator className="group flex items-center justify-center">
        <Check className="size-3.5 stroke-[3] group-data-[state=indeterminate]:hidden" aria-hidden />
        <Minus className="hidden size-3.5 stroke-[3] group-data-[state=indeterminate]:block" aria-hidden />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
  if (!label) return box;
  return (
    <div className={cn("flex items-start gap-2.5", className)}>
      <span className="flex h-6 items-center">{box}</span>
      <div className="min-w-0">
        <label
          htmlFor={boxId}
          className={cn("text-sm leading-6 font-medium text-foreground", props.disabled && "opacity-50")}
        >
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="text-xs text-muted-foreground">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
