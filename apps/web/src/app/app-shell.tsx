// The frame of every signed-in page: header, the page, and the navigation: a bar along the bottom
// on phones and tablets, beside the page on wider screens. The page keeps clear of both (the
// --shell-* lengths in styles.css). While the next page's code loads, the route loading
// placeholder takes the page's place.
import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { RouteLoading } from "../features/errors/index.ts";
import { MiniPlayerSlot } from "../features/reading/audio/mini-player-slot.tsx";
import { AgeGateSlot } from "../features/session/age-gate-slot.tsx";
import { AppHeader } from "../features/shell/app-header.tsx";
import { BottomNav } from "../features/shell/bottom-nav.tsx";
import { SideNav } from "../features/shell/side-nav.tsx";
import { SkipToPage } from "../features/shell/skip-to-page.tsx";

const PAGE_ID = "page";

export function AppShell() {
  const navigation = useNavigation();
  return (
    <div className="min-h-screen bg-background pb-(--shell-bottom-bar)">
      <SkipToPage targetId={PAGE_ID} />
      <AppHeader />
      <SideNav />
      <div id={PAGE_ID} tabIndex={-1} className="pl-(--shell-side-nav) outline-none">
        {navigation.state === "loading" ? <RouteLoading /> : <Outlet />}
      </div>
      <MiniPlayerSlot />
      <BottomNav />
      <AgeGateSlot />
      {/* A new page starts at its top; back and forward return to where the reader was. */}
      <ScrollRestoration />
    </div>
  );
}
