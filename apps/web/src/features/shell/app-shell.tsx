// The frame of every signed-in page: header, the page, bottom navigation. While the next page's
// code loads, the route loading placeholder takes the page's place.
import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { MiniPlayerSlot } from "../audio-player/mini-player-slot.tsx";
import { AgeGateSlot } from "../auth/age-gate-slot.tsx";
import { RouteLoading } from "../errors/route-loading.tsx";
import { AppHeader } from "./app-header.tsx";
import { BottomNav } from "./bottom-nav.tsx";

export function AppShell() {
  const navigation = useNavigation();
  return (
    <div className="min-h-screen bg-background pb-[calc(4rem+env(safe-area-inset-bottom))]">
      <AppHeader />
      {navigation.state === "loading" ? <RouteLoading /> : <Outlet />}
      <MiniPlayerSlot />
      <BottomNav />
      <AgeGateSlot />
      {/* A new page starts at its top; back and forward return to where the reader was. */}
      <ScrollRestoration />
    </div>
  );
}
