// Sign-in client settings. The provider (embedded or external) is the server's to choose, so the
// authority and client id come from the server; everything else is fixed here.
import type { ClientConfig } from "@litverse/shared/client-config";
import { type UserManagerSettings, WebStorageStateStore } from "oidc-client-ts";

export function oidcSettings(auth: ClientConfig["auth"]): UserManagerSettings {
  const origin = window.location.origin;
  return {
    authority: auth.authority,
    client_id: auth.clientId,
    redirect_uri: `${origin}/auth/callback`,
    post_logout_redirect_uri: `${origin}/`,
    // Without a refresh token, renewal asks the provider in a hidden frame (prompt=none).
    silent_redirect_uri: `${origin}/silent-callback.html`,
    response_type: "code",
    scope: auth.scope,
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
