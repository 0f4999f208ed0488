// Sign-in client settings. The provider (embedded or external) is the server's to choose, so the
// authority and client id come from the server; everything else is fixed here.
import { type UserManagerSettings, WebStorageStateStore } from "oidc-client-ts";

interface ServerAuthConfig {
  authority: string;
  clientId: string;
  scope: string;
}

export async function loadOidcSettings(): Promise<UserManagerSettings> {
  const response = await fetch("/api/auth/config");
  if (!response.ok) throw new Error(`Could not load the sign-in settings (${response.status}).`);
  const config = (await response.json()) as ServerAuthConfig;
  const origin = window.location.origin;
  return {
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: `${origin}/auth/callback`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: "code",
    scope: config.scope,
    // Account selection is always forced.
    prompt: "select_account",
    // Stored under oidc.user:<authority>:<client id>.
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: 60,
    silentRequestTimeoutInSeconds: 10,
    staleStateAgeInSeconds: 900,
    checkSessionIntervalInSeconds: 2,
  };
}
