import * as Tooltip from "@radix-ui/react-tooltip";
import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider, useTheme } from "next-themes";
import { lazy, Suspense } from "react";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { AuthRoot } from "../features/auth/auth-root.tsx";
import { CurrentUserGate } from "../features/auth/current-user-gate.tsx";
import { queryClient } from "../lib/query-client.ts";
import { useUnsentChangesWarning } from "../lib/use-unsent-changes-warning.ts";
import { ConnectionBanner } from "./connection-banner.tsx";
import { router } from "./router.tsx";

// The install card shows 3 s after load at the soonest: its code need not hold up the first page.
const InstallPromptCard = lazy(async () => ({
  default: (await import("../features/install/install-prompt-card.tsx")).InstallPromptCard,
}));

/** Toasts as the product specifies them (several of these are also sonner's defaults). */
function Toasts() {
  const { resolvedTheme } = useTheme();
  return (
    <Toaster
      theme={resolvedTheme === "dark" ? "dark" : "light"}
      position="bottom-right"
      visibleToasts={3}
      duration={4000}
      gap={14}
      offset={24}
      mobileOffset={16}
      hotkey={["altKey", "KeyT"]}
      containerAriaLabel="Notifications"
      closeButton
      richColors
      toastOptions={{ closeButtonAriaLabel: "Close toast" }}
    />
  );
}

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
      <Toasts />
      <Suspense fallback={null}>
        <InstallPromptCard />
      </Suspense>
    </>
  );
}

export function App() {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
      <QueryClientProvider client={queryClient}>
        <Tooltip.Provider delayDuration={0} skipDelayDuration={300}>
          <Shell />
        </Tooltip.Provider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
