// Texts and classes the card, the banner and the tests share.

export const INSTALL_TEXT = "Install the app for quick access and offline reading";
export const INSTALL_TEXT_IOS = "Add to your home screen for a better experience";

/**
 * Where floating install asks sit: above the bottom navigation (4rem, on every width) and the
 * phone's home indicator, with a small gap; centred, full width on phones.
 */
export const FLOATING_PLACE =
  "fixed inset-x-3 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-[35] mx-auto max-w-md";

/** They slide up and fade in when they appear. */
export const APPEAR = "transition duration-300 ease-out starting:translate-y-4 starting:opacity-0";

export const PRIMARY_BUTTON =
  "inline-flex items-center gap-1.5 rounded-lg bg-gradient-to-r from-brand-600 to-accent-500 px-4 py-2 text-sm font-semibold text-white shadow-md transition hover:opacity-95 disabled:cursor-not-allowed disabled:opacity-50";
