// Sign-in for the whole app: the OpenID client, the socket following the signed-in person, the
// login-error toast, and the wait for the user record after sign-in.
import type { ClientConfig } from "@litverse/shared/client-config";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { AuthProvider, useAuth } from "react-oidc-context";
import { writeFirstScreenCookie } from "../../lib/auth/first-screen-cookie.ts";
import { oidcSettings } from "../../lib/auth/oidc-settings.ts";
import { updateSocketSession } from "../../lib/auth/socket-session.ts";
import { markSocketReady } from "../../lib/auth/socket-token.ts";
import { useTokenRefetch } from "../../lib/auth/use-token-refetch.ts";
import { ClientConfigContext, clientConfigInPage, loadClientConfig } from "../../lib/client-config.tsx";
import { toast } from "../../lib/toast.ts";
import { FullPageSpinner } from "./full-page-spinner.tsx";

/** After the callback, take the code and state out of the address bar. */
function removeAuthParams() {
  window.history.replaceState(window.history.state, "", window.location.pathname);
}

export function AuthRoot({ children }: { children: ReactNode }) {
  const [config, setConfig] = useState<ClientConfig | null>(clientConfigInPage);
  const [loadError, setLoadError] = useState<Error | null>(null);
  const hasConfig = config !== null;
  useEffect(() => {
    if (hasConfig) return;
    loadClientConfig().then(setConfig, (error: Error) => {
      console.error(error);
      setLoadError(error);
      markSocketReady();
    });
  }, [hasConfig]);
  const settings = useMemo(() => (config ? oidcSettings(config.auth) : null), [config]);
  if (loadError) throw loadError;
  if (!config || !settings) return <FullPageSpinner label="Loading" />;
  return (
    <ClientConfigContext value={config}>
      <AuthProvider {...settings} onSigninCallback={removeAuthParams}>
        <SocketSessionBridge />
        <LoginErrorToast />
        {children}
      </AuthProvider>
    </ClientConfigContext>
  );
}

function SocketSessionBridge() {
  const auth = useAuth();
  useTokenRefetch();
  useEffect(() => {
    if (auth.isLoading) return;
    writeFirstScreenCookie(auth.user);
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
