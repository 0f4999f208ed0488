// The header on every signed-in page: menu, logo, and on the right the admin entry, coin wallet
// and theme toggle.
import { PRODUCT_NAME } from "@litverse/shared/constants";
import { isAdminRole } from "@litverse/shared/users";
import { LayoutDashboard } from "lucide-react";
import { Link } from "react-router";
import { useCurrentUser } from "../../lib/auth/use-current-user.ts";
import { useClientConfig } from "../../lib/client-config.tsx";
import { CoinWallet } from "./coin-wallet.tsx";
import { DemoBadge } from "./demo-badge.tsx";
import { SideMenu } from "./side-menu.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

export function AppHeader() {
  const me = useCurrentUser();
  // On a demo, the Demo badge takes the wordmark's place on phones.
  const { isDemo } = useClientConfig();
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-(--background)/85 backdrop-blur supports-[backdrop-filter]:bg-(--background)/70">
      <div className="flex h-16 items-center gap-2 px-3 sm:px-4">
        <SideMenu />
        <Link to="/" className="flex items-center gap-2 rounded-lg px-1" aria-label={`${PRODUCT_NAME} home`}>
          <img src="/favicon.svg" alt="" className="size-8" />
          <span
            className={`hidden bg-gradient-to-r from-brand-500 to-accent-500 bg-clip-text text-xl font-extrabold text-transparent ${isDemo ? "sm:inline" : "min-[380px]:inline"}`}
          >
            {PRODUCT_NAME}
          </span>
        </Link>
        <DemoBadge />
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          {isAdminRole(me.data?.role) ? (
            <Link
              to="/admin/dashboard"
              className="inline-flex h-10 items-center gap-1.5 rounded-full bg-brand-600 px-3 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700"
              aria-label="Admin Dashboard"
            >
              <LayoutDashboard className="size-4" aria-hidden />
              <span className="hidden md:inline">Admin Dashboard</span>
            </Link>
          ) : null}
          <CoinWallet />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
