// The install banner of the home page, on phones and tablets only (iOS and Android user agents).
// It appears 2 s after the page loads. Later hides it for this browser session; the X for good.
// Its call to action: on Android, Install opens the browser's dialog when the browser has offered
// installation (otherwise it says where the browser keeps its install command); on iOS, the same
// instructions as the install card.
import { PRODUCT_NAME } from "@litverse/shared/constants";
import * as Dialog from "@radix-ui/react-dialog";
import { Download, Smartphone, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { promptInstall, useInstallPrompt } from "../../lib/install-prompt.ts";
import { installSurfaces, readInstallEnvironment } from "./environment.ts";
import { INSTALL_STORAGE_KEYS, installBannerDelay } from "./install-rules.ts";
import { IosInstallDialog } from "./ios-install-dialog.tsx";
import { readFlag, writeFlag } from "./storage.ts";
import { APPEAR, FLOATING_PLACE } from "./ui.ts";

type Phase = "waiting" | "visible" | "hidden";

/** `shownAt` tells when the page it is on was first shown (this code arrives later). */
export function MobileInstallBanner({ shownAt }: { shownAt?: () => number | undefined } = {}) {
  const install = useInstallPrompt();
  const [environment] = useState(readInstallEnvironment);
  // The delay runs from when the page showed, which may be before this code arrived.
  const [loadedAt] = useState(() => shownAt?.() ?? Date.now());
  const [phase, setPhase] = useState<Phase>("waiting");
  const [instructionsOpen, setInstructionsOpen] = useState(false);
  const titleId = useId();
  const isIos = environment.platform === "ios";

  useEffect(() => {
    if (phase !== "waiting") return;
    const delay = installBannerDelay({
      ...environment,
      isClosed: readFlag(INSTALL_STORAGE_KEYS.bannerClosed, "local"),
      isLater: readFlag(INSTALL_STORAGE_KEYS.bannerLater, "session"),
      isInstalled: install.installed,
      loadedAt,
      now: Date.now(),
    });
    if (delay === null) return;
    const timer = setTimeout(() => setPhase(installSurfaces.claim("banner") ? "visible" : "hidden"), delay);
    return () => clearTimeout(timer);
  }, [phase, environment, loadedAt, install.installed]);

  useEffect(() => {
    if (install.installed) setPhase("hidden");
  }, [install.installed]);

  const later = () => {
    writeFlag(INSTALL_STORAGE_KEYS.bannerLater, "session");
    setPhase("hidden");
  };
  const close = () => {
    writeFlag(INSTALL_STORAGE_KEYS.bannerClosed, "local");
    setPhase("hidden");
  };
  const installNow = () => {
    // prompt() must run within the click, before anything is awaited.
    void promptInstall().then((outcome) => (outcome === "accepted" ? close() : later()));
    setPhase("hidden");
  };
  const gotIt = () => {
    // The person has what they need: neither the banner nor the card asks again.
    setInstructionsOpen(false);
    writeFlag(INSTALL_STORAGE_KEYS.cardDismissed, "local");
    close();
  };

  const canPrompt = !isIos && install.event !== null;
  const text = isIos ? (
    "Add it to your home screen: quick access, full screen, and offline reading."
  ) : canPrompt ? (
    "Install it for quick access from your home screen, and offline reading."
  ) : (
    // No offer from the browser (yet, or ever, as in Firefox): say where its own command is.
    <>
      Open your browser's menu (⋮) and tap <strong>Install app</strong> or <strong>Add to Home screen</strong>
      .
    </>
  );

  return (
    <IosInstallDialog open={instructionsOpen} onOpenChange={setInstructionsOpen} onGotIt={gotIt}>
      <div aria-live="polite">
        {phase === "visible" ? (
          <aside
            aria-labelledby={titleId}
            data-testid="install-banner"
            className={`${FLOATING_PLACE} ${APPEAR} overflow-hidden rounded-2xl bg-gradient-to-br from-brand-600 to-accent-500 p-4 text-white shadow-2xl shadow-brand-600/30 ring-1 ring-white/10`}
          >
            <div className="flex gap-3 pr-7">
              <img
                src="/icons/icon.svg"
                alt=""
                className="size-11 shrink-0 rounded-xl ring-2 ring-white/40"
              />
              <div className="min-w-0">
                <h2 id={titleId} className="font-semibold leading-snug">
                  Get the {PRODUCT_NAME} app
                </h2>
                <p className="mt-0.5 text-sm text-white/90">{text}</p>
              </div>
            </div>
            <button
              type="button"
              onClick={close}
              className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-full text-white/85 transition hover:bg-white/15 hover:text-white"
              aria-label="Close and don't show again"
              title="Don't show again"
            >
              <X className="size-4" aria-hidden />
            </button>
            <div className="mt-3 flex flex-wrap justify-end gap-2">
              <button
                type="button"
                onClick={later}
                className="rounded-lg px-3 py-2 text-sm font-medium text-white/90 transition hover:bg-white/15 hover:text-white"
              >
                Later
              </button>
              {isIos ? (
                <Dialog.Trigger asChild>
                  <button type="button" className={BANNER_BUTTON}>
                    <Smartphone className="size-4" aria-hidden />
                    How to install
                  </button>
                </Dialog.Trigger>
              ) : canPrompt ? (
                <button type="button" onClick={installNow} className={BANNER_BUTTON}>
                  <Download className="size-4" aria-hidden />
                  Install
                </button>
              ) : null}
            </div>
          </aside>
        ) : null}
      </div>
    </IosInstallDialog>
  );
}

const BANNER_BUTTON =
  "inline-flex items-center gap-1.5 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow-md transition hover:bg-brand-50";
