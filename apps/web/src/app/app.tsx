import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { Suspense } from "react";
import { RouterProvider } from "react-router";
import { AuthRoot } from "../features/session/auth-root.tsx";
import { CurrentUserGate } from "../features/session/current-user-gate.tsx";
import { lazyAfterLoad } from "../lib/after-load.ts";
import { queryClient } from "../lib/query-client.ts";
import { THEME_STORAGE_KEY } from "../lib/theme-storage.ts";
import { useUnsentChangesWarning } from "../lib/use-leave-warning.ts";
import { ConnectionBanner } from "./connection-banner.tsx";
import { router } from "./router.tsx";

// The install card shows 3 s after load at the soonest: its code need not hold up the first page.
const InstallPromptCard = lazyAfterLoad(
  async () => (await import("../features/install/install-prompt-card.tsx")).InstallPromptCard,
);

// Toasts are never part of the first paint: their code (sonner) follows once the page has loaded.
// A toast raised before then still shows, since sonner replays the active ones.
const Toasts = lazyAfterLoad(async () => (await import("./toasts.tsx")).Toasts);

function Shell() {
  useUnsentChangesWarning();
  return (
    <>
      <ConnectionBanner />
      <AuthRoot>
        <CurrentUserGate>
          <RouterProvider router={router} />
        </CurrentUserGate>
      </AuthRoot>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <Suspense fallback={null}>
        <InstallPromptCard />
      </Suspense>
    </>
  );
}

export function App() {
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
      storageKey={THEME_STORAGE_KEY}
    >
      <QueryClientProvider client={queryClient}>
        <Shell />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
