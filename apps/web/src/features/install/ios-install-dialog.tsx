// How to add the app to the home screen on iOS, where Safari has no install prompt of its own to
// call. Opened by a Dialog.Trigger among `children` (the card's or the banner's button).
import { PRODUCT_NAME } from "@litverse/shared/constants";
import * as Dialog from "@radix-ui/react-dialog";
import { Lightbulb, Share, SquarePlus, X } from "lucide-react";
import type { ReactNode } from "react";

const STEPS: Array<{ id: string; text: ReactNode; hint?: string }> = [
  {
    id: "share",
    text: (
      <>
        Tap the <strong>Share</strong> button <Share className="inline size-4 align-[-2px]" aria-hidden /> at
        the bottom of Safari
      </>
    ),
    hint: "On iPad it is at the top.",
  },
  {
    id: "add-to-home-screen",
    text: (
      <>
        Scroll down and tap <strong>Add to Home Screen</strong>{" "}
        <SquarePlus className="inline size-4 align-[-2px]" aria-hidden />
      </>
    ),
  },
  {
    id: "add",
    text: (
      <>
        Tap <strong>Add</strong> in the top-right corner
      </>
    ),
  },
  { id: "done", text: <>{PRODUCT_NAME} appears on your home screen, ready to open like any app</> },
];

export function IosInstallDialog({
  open,
  onOpenChange,
  onGotIt,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "Got it!": the instructions close and the person is not asked again. */
  onGotIt: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {children}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-card p-6 shadow-2xl outline-none data-[state=open]:animate-[fade-in_150ms_ease-out]">
          <div className="flex items-start gap-3 pr-8">
            <img src="/icons/icon.svg" alt="" className="size-11 shrink-0 rounded-xl shadow-sm" />
            <div>
              <Dialog.Title className="text-lg font-semibold">Install on iOS</Dialog.Title>
              <Dialog.Description className="mt-0.5 text-sm text-muted-foreground">
                Add {PRODUCT_NAME} to your home screen in a few taps.
              </Dialog.Description>
            </div>
          </div>
          <Dialog.Close
            className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-full text-muted-foreground transition hover:bg-muted hover:text-foreground"
            aria-label="Close"
          >
            <X className="size-5" aria-hidden />
          </Dialog.Close>

          <ol className="mt-5 space-y-3">
            {STEPS.map((step, index) => (
              <li key={step.id} className="flex gap-3">
                <span
                  aria-hidden
                  className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700 dark:bg-brand-500/15 dark:text-brand-100"
                >
                  {index + 1}
                </span>
                <p className="pt-0.5 text-sm leading-6">
                  {step.text}
                  {step.hint ? (
                    <span className="block text-xs text-muted-foreground">{step.hint}</span>
                  ) : null}
                </p>
              </li>
            ))}
          </ol>

          <p className="mt-5 flex gap-2 rounded-xl bg-muted p-3 text-sm text-muted-foreground">
            <Lightbulb className="mt-0.5 size-4 shrink-0 text-amber-500" aria-hidden />
            <span>
              <strong className="font-semibold text-foreground">Tip:</strong> no Add to Home Screen in the
              list? Tap Edit Actions at the bottom of the share sheet to add it.
            </span>
          </p>

          <button
            type="button"
            onClick={onGotIt}
            className="mt-5 w-full rounded-lg bg-gradient-to-r from-brand-600 to-accent-500 px-4 py-2.5 text-sm font-semibold text-white shadow-md transition hover:opacity-95"
          >
            Got it!
          </button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
