// Asks a signed-in person without an age for it. It cannot be dismissed: only a successful save
// closes it.
import type { Age } from "@litverse/shared/constants";
import * as Dialog from "@radix-ui/react-dialog";
import { useAgeGate } from "./use-age-gate.ts";

const CHOICES: Array<{ age: Age; label: string; description: string }> = [
  { age: 13, label: "13-15", description: "Access content rated 13+ and below" },
  { age: 16, label: "16-17", description: "Access content rated 16+ and below" },
  { age: 18, label: "18+", description: "Access all content including mature (18+)" },
];

export function AgeGate() {
  const { isOpen, isSaving, chooseAge } = useAgeGate();

  return (
    <Dialog.Root open={isOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-card p-6 shadow-2xl"
        >
          <Dialog.Title className="text-xl font-semibold">How old are you?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted-foreground">
            We show stories suited to your age. Choose your age group to continue.
          </Dialog.Description>
          <div className="mt-5 grid gap-3">
            {CHOICES.map(({ age, label, description }) => (
              <button
                key={age}
                type="button"
                disabled={isSaving}
                onClick={() => chooseAge(age)}
                className="flex flex-col items-start rounded-xl border border-border px-4 py-3 text-left transition hover:border-brand-500 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60 dark:hover:bg-brand-500/10"
              >
                <span className="font-semibold">{label}</span>
                <span className="text-sm text-muted-foreground">{description}</span>
              </button>
            ))}
          </div>
          <p className="mt-4 text-xs text-muted-foreground">
            By continuing you confirm that the age you choose is accurate. You can change it later in your
            account settings.
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
