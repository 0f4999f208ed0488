// After sign-in, nothing shows until the server has stored or refreshed the user; it runs again
// whenever the signed-in person changes. Signed-out visitors pass straight through.
import type { ReactNode } from "react";
import { useAuth } from "react-oidc-context";
import { useOfflinePass } from "../../lib/offline-start.ts";
import { FullPageSpinner } from "./full-page-spinner.tsx";
import { useIsCurrentUserSynced } from "./use-current-user-sync.ts";

export function CurrentUserGate({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const subject = auth.isAuthenticated ? (auth.user?.profile.sub ?? null) : null;
  const isSynced = useIsCurrentUserSynced(subject);

  // Offline, a person known on this device goes on without the server (lib/offline-start.ts).
  const isOfflinePass = useOfflinePass(auth.user?.profile.sub);
  if (auth.isLoading && !isOfflinePass) return <FullPageSpinner label="Loading" />;
  if (subject && !isSynced && !isOfflinePass) return <FullPageSpinner label="Signing you in" />;
  return children;
}
