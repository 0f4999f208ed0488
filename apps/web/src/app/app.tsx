import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { AuthRoot } from "../features/auth/auth-root.tsx";
import { CurrentUserGate } from "../features/auth/current-user-gate.tsx";
import { queryClient } from "../lib/query-client.ts";
import { useUnsentChangesWarning } from "../lib/use-unsent-changes-warning.ts";
import { ConnectionBanner } from "./connection-banner.tsx";
import { router } from "./router.tsx";

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
      <Toaster position="bottom-right" visibleToasts={3} duration={4000} closeButton richColors />
    </>
  );
}

export function App() {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
      <QueryClientProvider client={queryClient}>
        <Shell />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
