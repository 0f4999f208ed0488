// The sign-in oidc-client-ts keeps in local storage (under "oidc.user:<authority>:<client id>",
// lib/auth/oidc-settings.ts), read directly where the app's sign-in code has not run yet: the
// page's head script and the route loaders. It imports nothing, so the head script stays one file.

export interface StoredSignIn {
  accessToken: string;
  /** The person's subject (the token's `sub`). */
  subject: string;
  /** When the access token expires, in milliseconds since the epoch. */
  expiresAt: number;
}

/** The stored sign-in, or null without one (or without storage, as in some private modes). */
export function storedSignIn(): StoredSignIn | null {
  try {
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (!key?.startsWith("oidc.user:")) continue;
      const user = JSON.parse(localStorage.getItem(key) ?? "null") as {
        access_token?: unknown;
        expires_at?: unknown;
        profile?: { sub?: unknown };
      } | null;
      const subject = user?.profile?.sub;
      if (
        typeof user?.access_token !== "string" ||
        typeof user.expires_at !== "number" ||
        typeof subject !== "string"
      ) {
        continue;
      }
      return { accessToken: user.access_token, subject, expiresAt: user.expires_at * 1000 };
    }
  } catch {
    // Unreadable storage or record: as if nobody had signed in here.
  }
  return null;
}
