// The page a silent sign-in renewal lands on, inside a hidden frame of the app: it hands the
// provider's answer to the sign-in client in the page around it. Kept apart from the app, so that
// the frame loads nothing else.
import { UserManager } from "oidc-client-ts";

// Only the callback is handled here: the settings are not read for it.
new UserManager({
  authority: window.location.origin,
  client_id: "litverse-web",
  redirect_uri: window.location.href,
})
  .signinSilentCallback()
  .catch((error: unknown) => console.error("Renew silent failed", error));
