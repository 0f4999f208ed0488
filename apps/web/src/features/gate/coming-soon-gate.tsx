// Who sees what, before any page renders (see docs/decisions/0007-signed-out-visitors.md):
// - while settings, the sign-in state or the signed-in person's record load: a skeleton;
// - coming-soon mode on: the coming-soon page for everyone but admins and superadmins;
// - signed out: the landing page (or the coming-soon page, when the server is set up that way);
//   pages marked public (the 404 page) show as they are;
// - otherwise the page.
import { isAdminRole } from "@litverse/shared/users";
import { useAuth } from "react-oidc-context";
import { Outlet, useMatches } from "react-router";
import { useClientConfig } from "../../lib/client-config.tsx";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";
import { useCurrentUser } from "../auth/use-current-user.ts";
import { ComingSoonPage } from "../coming-soon/coming-soon-page.tsx";
import { ShelfSkeletonRows } from "../home/shelf-skeleton.tsx";
import { LandingPage } from "../landing/landing-page.tsx";

export interface RouteHandle {
  /** Shown to signed-out visitors as it is, rather than the landing page. */
  isPublic?: boolean;
}

export function ComingSoonGate() {
  const auth = useAuth();
  const config = useClientConfig();
  const settings = useLiveQuery(trpc.systemSettings.getComingSoonSettings.queryOptions());
  const me = useCurrentUser();
  const isPublicPage = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.isPublic);

  const isLoading = !settings.data || auth.isLoading || (auth.isAuthenticated && !me.data);
  if (isLoading) return <GateSkeleton />;

  const comingSoon = <ComingSoonPage settings={settings.data} supportEmail={config.supportEmail} />;
  if (!auth.isAuthenticated) {
    if (settings.data.isComingSoonMode || config.signedOutView === "coming-soon") return comingSoon;
    return isPublicPage ? <Outlet /> : <LandingPage />;
  }
  if (settings.data.isComingSoonMode && !isAdminRole(me.data?.role)) return comingSoon;
  return <Outlet />;
}

/** The page's outline while the gate waits: a header bar and two shelves of cards. */
function GateSkeleton() {
  return (
    <div className="min-h-screen bg-background" role="status" aria-busy="true" aria-label="Loading">
      <div className="h-16 border-b border-border" />
      <div className="mx-auto max-w-6xl animate-pulse space-y-8 px-4 py-8">
        <div className="h-8 w-64 max-w-full rounded-lg bg-muted" />
        <ShelfSkeletonRows />
      </div>
    </div>
  );
}
