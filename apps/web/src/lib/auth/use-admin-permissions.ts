import { isAdminRole } from "@litverse/shared/users";
import { useLiveQuery } from "../live-query.ts";
import { trpc } from "../trpc.ts";
import { useCurrentUser } from "./use-current-user.ts";

/**
 * What the signed-in administrator may see and do in each section of the admin area, kept live
 * (a superadmin's change shows at once); disabled for everyone who is not an administrator. The
 * server checks every call anyway: this only keeps the menu and pages to what will work.
 */
export function useAdminPermissions() {
  const me = useCurrentUser();
  return useLiveQuery({
    ...trpc.permissions.getMyAdminPermissions.queryOptions(),
    enabled: isAdminRole(me.data?.role),
  });
}
