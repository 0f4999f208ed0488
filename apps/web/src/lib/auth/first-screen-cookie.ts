// The stored sign-in's access token, mirrored into a cookie that only the app's own pages send
// (SameSite=Strict), so that the server can draw a page's first screen for the person who asks
// for it (decision 0031). It expires with the token; signing out removes it. Nothing else on the
// server reads it: the app's functions take the token from the socket or the Authorization header.
import { FIRST_SCREEN_COOKIE } from "@litverse/shared/first-data";

interface SignedInUser {
  access_token: string;
  /** Seconds since the epoch. */
  expires_at?: number;
}

export function writeFirstScreenCookie(user: SignedInUser | null | undefined, now = Date.now()): void {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  const seconds = user?.expires_at ? Math.floor(user.expires_at - now / 1000) : 0;
  // A token is base64url and dots: nothing in it needs escaping in a cookie.
  const value = user && seconds > 0 && /^[\w.-]+$/.test(user.access_token) ? user.access_token : "";
  // biome-ignore lint/suspicious/noDocumentCookie: written synchronously, before the next page's request; the Cookie Store API is asynchronous and newer than some phones' browsers
  document.cookie = `${FIRST_SCREEN_COOKIE}=${value}; Path=/; Max-Age=${value ? seconds : 0}; SameSite=Strict${secure}`;
}
