// The menu button, with the total of unread badges; the menu itself (side-menu-panel.tsx) loads
// when first wanted.
import { Menu } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { menuButtonLabel } from "./badge-count.ts";
import { UnreadBadge } from "./unread-badge.tsx";
import { useUnreadCounts } from "./use-unread-counts.ts";

/** Tailwind's `lg`, where the navigation beside the page takes the menu's place. */
const WIDE_SCREEN_QUERY = "(min-width: 64rem)";

const loadPanel = () => import("./side-menu-panel.tsx");
const SideMenuPanel = lazy(async () => ({ default: (await loadPanel()).SideMenuPanel }));

export function SideMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const counts = useUnreadCounts();
  // A window widened past the breakpoint shows the menu beside the page: the dialog closes.
  useEffect(() => {
    if (!isOpen) return;
    const wide = window.matchMedia(WIDE_SCREEN_QUERY);
    const closeIfWide = () => {
      if (wide.matches) setIsOpen(false);
    };
    closeIfWide();
    wide.addEventListener("change", closeIfWide);
    return () => wide.removeEventListener("change", closeIfWide);
  }, [isOpen]);

  return (
    <>
      <button
        type="button"
        // From 64rem the menu lies open beside the page (side-nav.tsx).
        className="relative inline-flex size-10 items-center justify-center rounded-full transition hover:bg-muted lg:hidden"
        aria-label={menuButtonLabel(counts.total)}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        // Fetched as the pointer or focus arrives, so that it is usually there by the click.
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
      >
        <Menu className="size-6" aria-hidden />
        <UnreadBadge count={counts.total} label="unread" className="absolute -top-0.5 -right-0.5" />
      </button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <SideMenuPanel open={isOpen} onOpenChange={setIsOpen} counts={counts} />
        </Suspense>
      ) : null}
    </>
  );
}
