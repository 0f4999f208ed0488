// A menu of actions on Radix DropdownMenu (a row's "…" in a table, a title's share and report).
// Items take an icon as their first child: <DropdownMenuItem><Pencil /> Edit</DropdownMenuItem>.
import * as MenuPrimitive from "@radix-ui/react-dropdown-menu";
import { Check } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "./cn.ts";

export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;

export function DropdownMenuContent({
  className,
  sideOffset = 4,
  align = "end",
  collisionPadding = 8,
  ...props
}: ComponentProps<typeof MenuPrimitive.Content>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        {...props}
        sideOffset={sideOffset}
        align={align}
        collisionPadding={collisionPadding}
        className={cn(
          "z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-44 overflow-y-auto rounded-xl border border-border bg-card p-1 text-foreground shadow-lg",
          "data-[state=open]:animate-[fade-in_120ms_ease-out]",
          className,
        )}
      />
    </MenuPrimitive.Portal>
  );
}

const ITEM_CLASSES = cn(
  "relative flex min-h-9 cursor-default items-center gap-2 rounded-lg px-3 py-1.5 text-sm outline-none select-none",
  "data-[highlighted]:bg-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-50",
  "[&_svg]:size-4 [&_svg]:shrink-0",
);

export function DropdownMenuItem({
  className,
  variant = "default",
  ...props
}: ComponentProps<typeof MenuPrimitive.Item> & { variant?: "default" | "danger" }) {
  return (
    <MenuPrimitive.Item
      {...props}
      className={cn(
        ITEM_CLASSES,
        variant === "danger"
          ? "text-rose-600 data-[highlighted]:bg-rose-50 dark:text-rose-400 dark:data-[highlighted]:bg-rose-400/10"
          : "[&_svg]:text-muted-foreground",
        className,
      )}
    />
  );
}

export function DropdownMenuCheckboxItem({
  className,
  children,
  ...props
}: ComponentProps<typeof MenuPrimitive.CheckboxItem>) {
  return (
    <MenuPrimitive.CheckboxItem {...props} className={cn(ITEM_CLASSES, "pr-8", className)}>
      {children}
      <MenuPrimitive.ItemIndicator className="absolute right-2 inline-flex text-brand-600 dark:text-brand-400">
        <Check aria-hidden />
      </MenuPrimitive.ItemIndicator>
    </MenuPrimitive.CheckboxItem>
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof MenuPrimitive.Label>) {
  return (
    <MenuPrimitive.Label
      {...props}
      className={cn(
        "px-3 pt-2 pb-1 text-xs font-semibold tracking-wider text-muted-foreground uppercase",
        className,
      )}
    />
  );
}

export function DropdownMenuSeparator({
  className,
  ...props
}: ComponentProps<typeof MenuPrimitive.Separator>) {
  return (
    <MenuPrimitive.Separator {...props} className={cn("-mx-1 my-1 h-px bg-[var(--border)]", className)} />
  );
}
