// Sign-in for the whole app: the OpenID client, the socket following the signed-in person, the
// login-error toast, and the wait for the user record after sign-in.
import type { UserManagerSettings } from "oidc-client-ts";
import { type ReactNode, useEffect, useState } from "react";
import { AuthProvider, useAuth } from "react-oidc-context";
import { toast } from "sonner";
import { loadOidcSettings } from "../../lib/auth/oidc-settings.ts";
import { updateSocketSession } from "../../lib/auth/socket-session.ts";
import { markSocketReady } from "../../lib/auth/socket-token.ts";
import { useTokenRefetch } from "../../lib/auth/use-token-refetch.ts";
import { FullPageSpinner } from "./full-page-spinner.tsx";

/** After the callback, take the code and state out of the address bar. */
function removeAuthParams() {
  window.history.replaceState(window.history.state, "", window.location.pathname);
}

export function AuthRoot({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<UserManagerSettings | null>(null);
  const [loadError, setLoadError] = useState<Error | null>(null);
  useEffect(() => {
    loadOidcSettings().then(setSettings, (error: Error) => {
      console.error(error);
      setLoadError(error);
      markSocketReady();
    });
  }, []);
  if (loadError) throw loadError;
  if (!settings) return <FullPageSpinner label="Loading" />;
  return (
    <AuthProvider {...settings} onSigninCallback={removeAuthParams}>
      <SocketSessionBridge />
      <LoginErrorToast />
      {children}
    </AuthProvider>
  );
}

function SocketSessionBridge() {
  const auth = useAuth();
  useTokenRefetch();
  useEffect(() => {
    if (auth.isLoading) return;
    void updateSocketSession(auth.user).finally(markSocketReady);
  }, [auth.isLoading, auth.user]);
  return null;
}

function LoginErrorToast() {
  const { error } = useAuth();
  useEffect(() => {
    if (!error) return;
    console.error("Login error", error);
    toast.error("Login error", { description: error.message });
  }, [error]);
  return null;
}
