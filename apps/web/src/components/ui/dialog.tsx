// A modal dialog on Radix Dialog: centred card from the small breakpoint up, a sheet rising from
// the bottom on phones. The title and the close button stay put while a long body scrolls.
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn.ts";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const WIDTHS = { sm: "sm:max-w-sm", md: "sm:max-w-lg", lg: "sm:max-w-2xl" } as const;

/** Dims the page behind a dialog; shared with ConfirmDialog. */
export const OVERLAY_CLASSES =
  "fixed inset-0 z-40 bg-black/50 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]";

/** The dialog box itself: a bottom sheet on phones, a centred card above; shared with ConfirmDialog. */
export const PANEL_CLASSES = cn(
  "fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] w-full flex-col overflow-hidden",
  "rounded-t-2xl border border-border bg-card text-foreground shadow-2xl outline-none",
  "pb-[env(safe-area-inset-bottom)] sm:pb-0",
  "sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-h-[calc(100dvh-4rem)] sm:w-[calc(100%-2rem)]",
  "sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl",
  // Rises on phones, fades in above; @starting-style needs no keyframes of its own.
  "transition-[translate,opacity] duration-200 ease-out starting:opacity-0 max-sm:starting:translate-y-full",
);

/** The grab bar that makes the phone sheet read as a sheet. */
export function SheetHandle() {
  return (
    <div
      aria-hidden
      className="mx-auto mt-2 h-1 w-10 shrink-0 rounded-full bg-stone-300 sm:hidden dark:bg-white/20"
    />
  );
}

export type DialogContentProps = Omit<ComponentProps<typeof DialogPrimitive.Content>, "title"> & {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons under the scrolling body: stacked full width on phones, in a row at the right above. */
  footer?: ReactNode;
  size?: keyof typeof WIDTHS;
  /** For a dialog that must be answered (no close button; Escape still closes unless prevented). */
  hideClose?: boolean;
};

export function DialogContent({
  title,
  description,
  footer,
  size = "md",
  hideClose = false,
  className,
  children,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={OVERLAY_CLASSES} />
      <DialogPrimitive.Content
        // Radix warns about a dialog without a description unless told there is none.
        {...(description ? {} : { "aria-describedby": undefined })}
        {...props}
        className={cn(PANEL_CLASSES, WIDTHS[size], className)}
      >
        <SheetHandle />
        <div className={cn("shrink-0 px-5 pt-4 pb-3 sm:pt-5", !hideClose && "pr-14")}>
          <DialogPrimitive.Title className="text-lg leading-snug font-semibold">
            {title}
          </DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="mt-1 text-sm text-muted-foreground">
              {description}
            </DialogPrimitive.Description>
          ) : null}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pb-5">{children}</div>
        {footer ? <DialogFooter>{footer}</DialogFooter> : null}
        {hideClose ? null : (
          <DialogPrimitive.Close
            className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-full text-muted-foreground transition hover:bg-muted hover:text-foreground sm:top-4"
            aria-label="Close"
          >
            <X className="size-5" aria-hidden />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      {...props}
      className={cn(
        "flex shrink-0 flex-col-reverse gap-2 border-t border-border px-5 py-3 sm:flex-row sm:justify-end",
        "[&>*]:w-full sm:[&>*]:w-auto",
        className,
      )}
    />
  );
}
