import { DEFAULT_SUPPORT_EMAIL } from "@litverse/shared/constants";
import { useQuery } from "@tanstack/react-query";
import { useAuth } from "react-oidc-context";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";
import { ComingSoonPage, ComingSoonSkeleton } from "../coming-soon/coming-soon-page.tsx";
import { HomePage } from "../home/home-page.tsx";
import { LandingPage } from "./landing-page.tsx";

export function Component() {
  const auth = useAuth();
  const settings = useLiveQuery(trpc.systemSettings.getComingSoonSettings.queryOptions());
  const isAdmin = useQuery({ ...trpc.users.isAdmin.queryOptions(), enabled: auth.isAuthenticated });
  if (!settings.data || auth.isLoading || (auth.isAuthenticated && isAdmin.data === undefined)) {
    return <ComingSoonSkeleton />;
  }
  const isGated = settings.data.isComingSoonMode && !isAdmin.data;
  if (isGated) return <ComingSoonPage settings={settings.data} supportEmail={DEFAULT_SUPPORT_EMAIL} />;
  return auth.isAuthenticated ? <HomePage /> : <LandingPage />;
}
