// The menu button, with the total of unread badges; the menu itself (side-menu-panel.tsx) loads
// when first wanted.
import { Menu } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { UnreadBadge } from "./unread-badge.tsx";
import { useUnreadCounts } from "./use-unread-counts.ts";

const loadPanel = () => import("./side-menu-panel.tsx");
const SideMenuPanel = lazy(async () => ({ default: (await loadPanel()).SideMenuPanel }));

export function SideMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const counts = useUnreadCounts();

  return (
    <>
      <button
        type="button"
        className="relative inline-flex size-10 items-center justify-center rounded-full transition hover:bg-muted"
        aria-label="Open menu"
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
