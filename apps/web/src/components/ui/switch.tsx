import * as SwitchPrimitive from "@radix-ui/react-switch";
import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "./cn.ts";

export type SwitchProps = ComponentProps<typeof SwitchPrimitive.Root> & {
  /** A label before the switch, which also toggles it; without one, give the switch an aria-label. */
  label?: ReactNode;
  /** A second, quieter line under the label. */
  description?: ReactNode;
};

/** An on/off setting that takes effect at once (for choices saved with a form, use a Checkbox). */
export function Switch({ label, description, id, className, ...props }: SwitchProps) {
  const autoId = useId();
  const switchId = id ?? `switch-${autoId}`;
  const descriptionId = description ? `${switchId}-description` : undefined;
  const control = (
    <SwitchPrimitive.Root
      {...props}
      id={switchId}
      aria-describedby={cn(props["aria-describedby"], descriptionId) || undefined}
      className={cn(
        "inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition",
        "bg-stone-300 data-[state=checked]:bg-brand-600 dark:bg-white/20 dark:data-[state=checked]:bg-brand-500",
        "disabled:cursor-not-allowed disabled:opacity-50",
        !label && className,
      )}
    >
      <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow-md ring-0 transition-transform data-[state=checked]:translate-x-5" />
    </SwitchPrimitive.Root>
  );
  if (!label) return control;
  return (
    <div className={cn("flex items-start justify-between gap-4", className)}>
      <div className="min-w-0">
        <label htmlFor={switchId} className="text-sm leading-6 font-medium text-foreground">
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="text-xs text-muted-foreground">
            {description}
          </p>
        ) : null}
      </div>
      {control}
    </div>
  );
}
