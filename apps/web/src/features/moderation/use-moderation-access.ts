// Whether the signed-in administrator may act on reports (manage), not only look (view), and who
// they are, for "claimed by me". The server checks every call anyway: this keeps the buttons to
// what will work.
import { useAdminPermissions } from "../../lib/auth/use-admin-permissions.ts";
import { useCurrentUser } from "../../lib/auth/use-current-user.ts";

export function useModerationAccess(): { canManage: boolean; myId: string | null } {
  const permissions = useAdminPermissions();
  const me = useCurrentUser();
  return { canManage: permissions.data?.grants.moderation === "manage", myId: me.data?._id ?? null };
}
