// "Delete this chapter?" and the like, on Radix AlertDialog: focus starts on Cancel, a click
// outside does not dismiss, and the confirm button waits for `onConfirm` before closing. If it
// fails, the dialog stays open and says why, so the person can try again or cancel.
import * as AlertDialogPrimitive from "@radix-ui/react-alert-dialog";
import { type ReactNode, useState } from "react";
import { describeError } from "../../lib/errors.ts";
import { Button } from "./button.tsx";
import { cn } from "./cn.ts";
import { DialogFooter, OVERLAY_CLASSES, PANEL_CLASSES, SheetHandle } from "./dialog.tsx";

export interface ConfirmDialogProps {
  /** The element that opens it, e.g. <Button variant="danger">Delete</Button>; or control `open`. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Say what happens: "Delete chapter", not "OK". */
  confirmLabel?: string;
  cancelLabel?: string;
  /** "danger" (the default) for what cannot be undone. */
  variant?: "danger" | "primary";
  /** May return a promise: the button shows a spinner until it settles, and the dialog closes on success. */
  onConfirm: () => unknown;
  /** Shown in the dialog when onConfirm fails without a message of its own. */
  errorFallback?: string;
}

export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = "Confirm",
  cancelLabel = "Cancel",
  variant = "danger",
  onConfirm,
  errorFallback = "That did not work. Please try again.",
}: ConfirmDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isOpen = open ?? ownOpen;

  const setOpen = (next: boolean) => {
    // Closing mid-action would hide whether it worked.
    if (isPending && !next) return;
    if (next) setError(null);
    setOwnOpen(next);
    onOpenChange?.(next);
  };

  const confirm = async () => {
    setError(null);
    setIsPending(true);
    try {
      await onConfirm();
      setIsPending(false);
      setOwnOpen(false);
      onOpenChange?.(false);
    } catch (caught) {
      setIsPending(false);
      setError(describeError(caught, errorFallback).message);
    }
  };

  return (
    <AlertDialogPrimitive.Root open={isOpen} onOpenChange={setOpen}>
      {trigger ? <AlertDialogPrimitive.Trigger asChild>{trigger}</AlertDialogPrimitive.Trigger> : null}
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={OVERLAY_CLASSES} />
        <AlertDialogPrimitive.Content
          {...(description ? {} : { "aria-describedby": undefined })}
          className={cn(PANEL_CLASSES, "sm:max-w-md")}
        >
          <SheetHandle />
          <div className="px-5 pt-4 pb-5 sm:pt-5">
            <AlertDialogPrimitive.Title className="text-lg leading-snug font-semibold">
              {title}
            </AlertDialogPrimitive.Title>
            {description ? (
              <AlertDialogPrimitive.Description className="mt-2 text-sm text-muted-foreground">
                {description}
              </AlertDialogPrimitive.Description>
            ) : null}
            {error ? (
              <p role="alert" className="mt-3 text-sm font-medium text-rose-600 dark:text-rose-400">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="secondary" disabled={isPending}>
                {cancelLabel}
              </Button>
            </AlertDialogPrimitive.Cancel>
            {/* Not an AlertDialog.Action: that would close the dialog before the action is done. */}
            <Button variant={variant} isLoading={isPending} onClick={() => void confirm()}>
              {confirmLabel}
            </Button>
          </DialogFooter>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
