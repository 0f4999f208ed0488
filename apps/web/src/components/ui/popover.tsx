// A small panel anchored to its trigger (filters, a date picker, a share box), on Radix Popover.
import * as PopoverPrimitive from "@radix-ui/react-popover";
import type { ComponentProps } from "react";
import { cn } from "./cn.ts";

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverClose = PopoverPrimitive.Close;
/** Places the panel beside something that is not its trigger (a link inside a book). */
export const PopoverAnchor = PopoverPrimitive.Anchor;

export function PopoverContent({
  className,
  sideOffset = 6,
  align = "center",
  collisionPadding = 8,
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        {...props}
        sideOffset={sideOffset}
        align={align}
        collisionPadding={collisionPadding}
        className={cn(
          // Never wider than a phone's screen minus the collision padding.
          "z-50 w-72 max-w-[calc(100vw-1rem)] rounded-xl border border-border bg-card p-4 text-foreground shadow-lg outline-none",
          "data-[state=open]:animate-[fade-in_120ms_ease-out]",
          className,
        )}
      />
    </PopoverPrimitive.Portal>
  );
}
