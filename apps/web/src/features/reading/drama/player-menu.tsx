// A choice menu for the player's controls (speed, subtitles). It opens inside the player's frame,
// not at the end of the page, so that it still shows when the frame is full screen.
import * as MenuPrimitive from "@radix-ui/react-dropdown-menu";
import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../../components/ui/cn.ts";

export function PlayerMenu<T extends string>({
  label,
  trigger,
  title,
  value,
  options,
  onChange,
  container,
  onOpenChange,
  triggerClassName,
}: {
  /** The trigger's accessible name, holding what the trigger shows ("Playback speed, 1.5×"). */
  label: string;
  trigger: ReactNode;
  /** The heading inside the menu. */
  title: string;
  value: T;
  options: Array<{ value: T; label: string }>;
  onChange: (value: T) => void;
  container: HTMLElement | null;
  onOpenChange?: (open: boolean) => void;
  triggerClassName?: string;
}) {
  return (
    <MenuPrimitive.Root modal={false} onOpenChange={onOpenChange}>
      <MenuPrimitive.Trigger className={triggerClassName} aria-label={label} title={title}>
        {trigger}
      </MenuPrimitive.Trigger>
      <MenuPrimitive.Portal container={container}>
        <MenuPrimitive.Content
          side="top"
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className={cn(
            "z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-40 overflow-y-auto rounded-xl border border-white/10 bg-stone-900/95 p-1 text-white shadow-xl backdrop-blur",
            "data-[state=open]:animate-[fade-in_120ms_ease-out]",
          )}
        >
          <MenuPrimitive.Label className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wider text-white/60 uppercase">
            {title}
          </MenuPrimitive.Label>
          <MenuPrimitive.RadioGroup value={value} onValueChange={(next) => onChange(next as T)}>
            {options.map((option) => (
              <MenuPrimitive.RadioItem
                key={option.value}
                value={option.value}
                className="relative flex min-h-9 cursor-default items-center rounded-lg py-1.5 pr-3 pl-8 text-sm outline-none select-none data-[highlighted]:bg-white/10"
              >
                <MenuPrimitive.ItemIndicator className="absolute left-2.5 inline-flex text-brand-400">
                  <Check className="size-4" aria-hidden />
                </MenuPrimitive.ItemIndicator>
                {option.label}
              </MenuPrimitive.RadioItem>
            ))}
          </MenuPrimitive.RadioGroup>
        </MenuPrimitive.Content>
      </MenuPrimitive.Portal>
    </MenuPrimitive.Root>
  );
}
