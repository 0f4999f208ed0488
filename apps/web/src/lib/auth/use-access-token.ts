import { useAuth } from "react-oidc-context";

/** The signed-in person's access token, for the upload route (functions travel over the socket). */
export function useAccessToken(): string | undefined {
  return useAuth().user?.access_token;
}
