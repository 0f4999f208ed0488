// Home for signed-in people: a welcome, shortcuts, what they are in the middle of, the curated
// shelves, and on phones and tablets the install banner.
import { BookOpen, Compass, Library } from "lucide-react";
import { Suspense, useLayoutEffect, useRef } from "react";
import { Link } from "react-router";
import { Page } from "../../components/ui/page.tsx";
import { lazyAfterLoad } from "../../lib/after-load.ts";
import { useCurrentUser } from "../../lib/auth/use-current-user.ts";
import { AdSlot } from "../ads/index.ts";
import { ContinueShelf } from "./continue-shelf.tsx";
import { CuratedShelves } from "./curated-shelves.tsx";

// The install banner shows some seconds after the page at the soonest: its code (and the dialog
// library under it) need not hold up the shelves.
const MobileInstallBanner = lazyAfterLoad(
  async () => (await import("../install/mobile-install-banner.tsx")).MobileInstallBanner,
);

const SHORTCUTS = [
  { icon: Compass, label: "Explore Content", to: "/explore" },
  { icon: BookOpen, label: "Interactive Stories", to: "/interactive-stories" },
  { icon: Library, label: "My Library", to: "/my-library" },
];

export function HomePage() {
  const me = useCurrentUser();
  const name = me.data?.name ?? me.data?.handle;
  // When the page was first on screen: once it is in the document, not when its render began,
  // which on a busy phone can be a good part of a second earlier.
  const shownAt = useRef<number | undefined>(undefined);
  useLayoutEffect(() => {
    shownAt.current = Date.now();
  }, []);
  return (
    <Page width="wide" className="space-y-10 py-8">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl" data-testid="welcome">
          {name ? `Welcome back, ${name}!` : "Welcome back!"}
        </h1>
        <p className="mt-1 text-muted-foreground">Pick up where you left off, or find something new.</p>
        <nav className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="Shortcuts">
          {SHORTCUTS.map(({ icon: Icon, label, to }) => (
            <Link
              key={to}
              to={to}
              className="flex items-center gap-3 rounded-xl border border-border bg-card px-4 py-3 font-medium shadow-sm transition hover:border-brand-500"
            >
              <Icon className="size-5 text-brand-500" aria-hidden />
              {label}
            </Link>
          ))}
        </nav>
      </div>
      <ContinueShelf />
      {/* After the second shelf; nothing at all (no gap either) when there is no ad to show. */}
      <CuratedShelves between={<AdSlot placement="home" />} />
      <Suspense fallback={null}>
        <MobileInstallBanner shownAt={() => shownAt.current} />
      </Suspense>
    </Page>
  );
}
