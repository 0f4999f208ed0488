// The frame of every signed-in page: header, the page, and the navigation: a bar along the bottom
// on phones and tablets, beside the page on wider screens. The page keeps clear of both (the
// --shell-* lengths in styles.css). While the next page's code loads, the route loading
// placeholder takes the page's place.
import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { MiniPlayerSlot } from "../audio-player/mini-player-slot.tsx";
import { AgeGateSlot } from "../auth/age-gate-slot.tsx";
import { RouteLoading } from "../errors/route-loading.tsx";
import { AppHeader } from "./app-header.tsx";
import { BottomNav } from "./bottom-nav.tsx";
import { SideNav } from "./side-nav.tsx";
import { SkipToPage } from "./skip-to-page.tsx";

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
