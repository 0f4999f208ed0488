import { useAuth } from "react-oidc-context";
import { useLiveQuery } from "../live-query.ts";
import { trpc } from "../trpc.ts";

/** The signed-in person's record (role, handle, age, …), kept live; disabled when signed out. */
export function useCurrentUser() {
  const auth = useAuth();
  return useLiveQuery({ ...trpc.users.getCurrentUser.queryOptions(), enabled: auth.isAuthenticated });
}
