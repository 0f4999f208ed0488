// A second line of defence behind the client's own silent renewal (60 s before expiry): if the
// access token is still the old one shortly before it expires, renew it now, a bounded number of
// times, so that the open socket is handed a fresh token instead of losing its signed-in calls.
import { MAX_REAUTH_ATTEMPTS, TOKEN_REFETCH_BEFORE_EXPIRY_MS } from "@litverse/shared/constants";
import { useEffect } from "react";
import { useAuth } from "react-oidc-context";

const RETRY_DELAY_MS = 1_000;

export function useTokenRefetch(): void {
  const auth = useAuth();
  const expiresAt = auth.user?.expires_at;
  const { signinSilent } = auth;

  // With a refresh token the client renews by it; without one, through a hidden frame.
  useEffect(() => {
    if (!expiresAt) return;
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout>;
    const attempt = async () => {
      // Offline, renewing can only fail: try once the network is back (a token that expired
      // meanwhile is renewed then, and the socket signs in again).
      if (!navigator.onLine) {
        window.addEventListener("online", attempt, { once: true });
        return;
      }
      attempts += 1;
      try {
        // A new token changes expiresAt, which cancels this effect.
        await signinSilent();
      } catch (error) {
        if (attempts < MAX_REAUTH_ATTEMPTS) timer = setTimeout(attempt, RETRY_DELAY_MS);
        else console.error("Renew silent failed", error);
      }
    };
    const delay = expiresAt * 1000 - TOKEN_REFETCH_BEFORE_EXPIRY_MS - Date.now();
    timer = setTimeout(attempt, Math.max(0, delay));
    return () => {
      clearTimeout(timer);
      window.removeEventListener("online", attempt);
    };
  }, [expiresAt, signinSilent]);
}
