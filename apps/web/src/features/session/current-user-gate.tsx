// After sign-in, nothing shows until the server has stored or refreshed the user; it runs again
// whenever the signed-in person changes. Signed-out visitors pass straight through.
import { type ReactNode, useEffect } from "react";
import { useAuth } from "react-oidc-context";
import { clearAccountRefusal, useAccountRefusal } from "../../lib/auth/account-refusal.ts";
import { useOfflinePass } from "../../lib/offline-start.ts";
import { toast } from "../../lib/toast.ts";
import { AccountRefusedScreen } from "./account-refused-screen.tsx";
import { FullPageSpinner } from "./full-page-spinner.tsx";
import { useIsCurrentUserSynced } from "./use-current-user-sync.ts";

export function CurrentUserGate({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const subject = auth.isAuthenticated ? (auth.user?.profile.sub ?? null) : null;
  const isSynced = useIsCurrentUserSynced(subject);
  const refusal = useAccountRefusal();
  const { removeUser } = auth;

  // Signed out everywhere by an administrator: this browser forgets the sign-in too.
  useEffect(() => {
    if (refusal?.kind !== "signed-out") return;
    void removeUser().finally(() => {
      clearAccountRefusal();
      toast.info("You have been signed out. Please sign in again.");
    });
  }, [refusal, removeUser]);

  // Offline, a person known on this device goes on without the server (lib/offline-start.ts).
  const isOfflinePass = useOfflinePass(auth.user?.profile.sub);
  if (refusal?.kind === "restricted" && subject) return <AccountRefusedScreen message={refusal.message} />;
  if (auth.isLoading && !isOfflinePass) return <FullPageSpinner label="Loading" />;
  if (subject && !isSynced && !isOfflinePass) return <FullPageSpinner label="Signing you in" />;
  return children;
}
