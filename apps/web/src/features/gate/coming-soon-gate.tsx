// Who sees what, before any page renders (see docs/decisions/0007-signed-out-visitors.md):
// - while settings, the sign-in state or the signed-in person's record load: a skeleton;
// - coming-soon mode on: the coming-soon page for everyone but admins and superadmins;
// - signed out: the landing page (or the coming-soon page, when the server is set up that way);
//   pages marked public (the 404 page) show as they are;
// - otherwise the page.
// When the server cannot be reached, the last known settings and the person's last known record
// (kept on the device as they arrive) stand in, even for a sign-in whose token has expired
// meanwhile, so that downloaded episodes open offline (lib/offline-start.ts).
import type { ComingSoonSettings } from "@litverse/shared/system-settings";
import { type CurrentUser, isAdminRole } from "@litverse/shared/users";
import { lazy, Suspense, useEffect, useRef } from "react";
import { useAuth } from "react-oidc-context";
import { Outlet, useMatches } from "react-router";
import { ShelfSkeletonRows } from "../../components/catalogue/shelf-skeleton.tsx";
import { useFirstScreenHandoff } from "../../first-screen/handoff.ts";
import { useCurrentUser } from "../../lib/auth/use-current-user.ts";
import { useClientConfig } from "../../lib/client-config.tsx";
import {
  forgetUsers,
  lastKnownComingSoonSettings,
  lastKnownUser,
  rememberComingSoonSettings,
  rememberUser,
  useIsOffline,
  useOfflinePass,
} from "../../lib/offline-start.ts";
import { useComingSoonSettings } from "./use-coming-soon-settings.ts";

export interface RouteHandle {
  /** Shown to signed-out visitors as it is, rather than the landing page. */
  isPublic?: boolean;
}

// Pages for visitors who are not signed in (or wait for the launch): signed-in readers, who are
// most visits, never download them.
const ComingSoonPage = lazy(async () => ({
  default: (await import("../coming-soon/coming-soon-page.tsx")).ComingSoonPage,
}));
const LandingPage = lazy(async () => ({
  default: (await import("../landing/landing-page.tsx")).LandingPage,
}));

export function ComingSoonGate() {
  const auth = useAuth();
  const settings = useComingSoonSettings();
  const me = useCurrentUser();
  const isPublicPage = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.isPublic);
  const subject = auth.user?.profile.sub ?? null;
  const isOffline = useIsOffline();
  const isOfflinePass = useOfflinePass(subject);
  useRememberForOffline(settings.data, me.data, me.dataUpdatedAt, subject, !auth.isLoading && !auth.user);

  const settingsData =
    settings.data ?? (isOffline || isOfflinePass ? lastKnownComingSoonSettings() : null) ?? undefined;
  const isSignedIn = auth.isAuthenticated || isOfflinePass;
  const user = me.data ?? (isOfflinePass && subject ? lastKnownUser(subject) : null) ?? undefined;
  const isLoading = !settingsData || (auth.isLoading && !isOfflinePass) || (isSignedIn && !user);
  if (isLoading) return <GateSkeleton />;
  return (
    <GateDecision settings={settingsData} user={user} isSignedIn={isSignedIn} isPublicPage={isPublicPage} />
  );
}

/** What the gate shows once it knows: from here on the app draws the page, not the server. */
function GateDecision({
  settings: settingsData,
  user,
  isSignedIn,
  isPublicPage,
}: {
  settings: ComingSoonSettings;
  user: CurrentUser | undefined;
  isSignedIn: boolean;
  isPublicPage: boolean;
}) {
  const config = useClientConfig();
  useFirstScreenHandoff();

  const comingSoon = (
    <Suspense fallback={<GateSkeleton />}>
      <ComingSoonPage settings={settingsData} supportEmail={config.supportEmail} />
    </Suspense>
  );
  if (!isSignedIn) {
    if (settingsData.isComingSoonMode || config.signedOutView === "coming-soon") return comingSoon;
    return isPublicPage ? (
      <Outlet />
    ) : (
      <Suspense fallback={<GateSkeleton />}>
        <LandingPage />
      </Suspense>
    );
  }
  if (settingsData.isComingSoonMode && !isAdminRole(user?.role)) return comingSoon;
  return <Outlet />;
}

/** Keeps the settings and the person's record as they arrive; forgets the records on signing out. */
function useRememberForOffline(
  settings: ComingSoonSettings | undefined,
  user: CurrentUser | undefined,
  userUpdatedAt: number,
  subject: string | null,
  isSignedOut: boolean,
) {
  // A record fetched before the person changed belongs to the previous person.
  const subjectSince = useRef({ subject, at: 0 });
  if (subjectSince.current.subject !== subject) subjectSince.current = { subject, at: Date.now() };
  useEffect(() => {
    if (settings) rememberComingSoonSettings(settings);
  }, [settings]);
  useEffect(() => {
    if (user && subject && userUpdatedAt >= subjectSince.current.at) rememberUser(subject, user);
  }, [user, subject, userUpdatedAt]);
  useEffect(() => {
    if (isSignedOut) forgetUsers();
  }, [isSignedOut]);
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
