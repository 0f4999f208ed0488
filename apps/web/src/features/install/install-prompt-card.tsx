// The floating card that offers to install the app, on every page. On iOS, where Safari cannot be
// asked to install, it appears 3 s after load and shows how to add the app to the home screen;
// elsewhere it appears 3 s after the browser offers installation, and Install opens the browser's
// own dialog. Never when the app already runs installed, nor once dismissed.
import { PRODUCT_NAME } from "@litverse/shared/constants";
import * as Dialog from "@radix-ui/react-dialog";
import { Download, Smartphone, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { promptInstall, useInstallPrompt } from "../../lib/install-prompt.ts";
import { installSurfaces, readInstallEnvironment } from "./environment.ts";
import { INSTALL_STORAGE_KEYS, installCardDelay } from "./install-rules.ts";
import { IosInstallDialog } from "./ios-install-dialog.tsx";
import { readFlag, writeFlag } from "./storage.ts";
import { APPEAR, FLOATING_PLACE, INSTALL_TEXT, INSTALL_TEXT_IOS, PRIMARY_BUTTON } from "./ui.ts";

type Phase = "waiting" | "visible" | "hidden";

export function InstallPromptCard() {
  const install = useInstallPrompt();
  const [environment] = useState(readInstallEnvironment);
  // When the card was first drawn on screen, taken in an effect rather than while rendering: React
  // may render the lazily loaded card some time before it reveals it.
  const loadedAt = useRef<number | null>(null);
  const [phase, setPhase] = useState<Phase>("waiting");
  const [instructionsOpen, setInstructionsOpen] = useState(false);
  const titleId = useId();
  const textId = useId();
  const isIos = environment.platform === "ios";

  useEffect(() => {
    if (phase !== "waiting") return;
    loadedAt.current ??= Date.now();
    const delay = installCardDelay({
      ...environment,
      isDismissed: readFlag(INSTALL_STORAGE_KEYS.cardDismissed, "local"),
      isInstalled: install.installed,
      loadedAt: loadedAt.current,
      offeredAt: install.offeredAt,
      now: Date.now(),
    });
    if (delay === null) return;
    const timer = setTimeout(() => setPhase(installSurfaces.claim("card") ? "visible" : "hidden"), delay);
    return () => clearTimeout(timer);
  }, [phase, environment, install.offeredAt, install.installed]);

  useEffect(() => {
    if (install.installed) setPhase("hidden");
  }, [install.installed]);

  const dismiss = () => {
    writeFlag(INSTALL_STORAGE_KEYS.cardDismissed, "local");
    setPhase("hidden");
  };
  const installNow = () => {
    // prompt() must run within the click, before anything is awaited.
    void promptInstall();
    setPhase("hidden");
  };
  const gotIt = () => {
    setInstructionsOpen(false);
    dismiss();
  };

  return (
    <IosInstallDialog open={instructionsOpen} onOpenChange={setInstructionsOpen} onGotIt={gotIt}>
      {/* Announced when it appears; it does not take the focus from what the person is doing. The
          phase is on the element so that a test can tell when the card's wait has begun. */}
      <div aria-live="polite" data-install-card={phase}>
        {phase === "visible" ? (
          <div
            role="dialog"
            aria-modal="false"
            aria-labelledby={titleId}
            aria-describedby={textId}
            data-testid="install-prompt"
            className={`${FLOATING_PLACE} ${APPEAR} rounded-2xl border border-border bg-card p-4 text-foreground shadow-2xl shadow-black/15 dark:shadow-black/60`}
          >
            <div className="flex gap-3 pr-7">
              <img src="/icons/icon.svg" alt="" className="size-12 shrink-0 rounded-xl shadow-sm" />
              <div className="min-w-0">
                <h2 id={titleId} className="font-semibold leading-snug">
                  Install {PRODUCT_NAME}
                </h2>
                <p id={textId} className="mt-0.5 text-sm text-muted-foreground">
                  {isIos ? INSTALL_TEXT_IOS : INSTALL_TEXT}
                </p>
              </div>
            </div>
            <button
              type="button"
              onClick={dismiss}
              className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-full text-muted-foreground transition hover:bg-muted hover:text-foreground"
              aria-label="Close"
            >
              <X className="size-4" aria-hidden />
            </button>
            <div className="mt-3 flex flex-wrap justify-end gap-2">
              <button
                type="button"
                onClick={dismiss}
                className="rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground transition hover:bg-muted hover:text-foreground"
              >
                Not Now
              </button>
              {isIos ? (
                <Dialog.Trigger asChild>
                  <button type="button" className={PRIMARY_BUTTON}>
                    <Smartphone className="size-4" aria-hidden />
                    Show Instructions
                  </button>
                </Dialog.Trigger>
              ) : (
                <button
                  type="button"
                  onClick={installNow}
                  disabled={!install.event}
                  className={PRIMARY_BUTTON}
                >
                  <Download className="size-4" aria-hidden />
                  Install
                </button>
              )}
            </div>
          </div>
        ) : null}
      </div>
    </IosInstallDialog>
  );
}
