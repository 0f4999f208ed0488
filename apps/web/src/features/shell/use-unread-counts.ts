// The live counters behind the menu's badges. Admin counters are asked for by admins only.
import { isAdminRole } from "@litverse/shared/users";
import { useCurrentUser } from "../../lib/auth/use-current-user.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

export interface UnreadCounts {
  messages: number;
  /** Notifications plus, for admins, admin notifications. */
  notifications: number;
  unattendedTickets: number;
  /** Messages plus notifications: the menu button's badge. */
  total: number;
}

export function useUnreadCounts(): UnreadCounts {
  const me = useCurrentUser();
  const isSignedIn = Boolean(me.data);
  const isAdmin = isAdminRole(me.data?.role);
  const messages = useLiveQuery({ ...trpc.messages.getUnreadCount.queryOptions(), enabled: isSignedIn });
  const notifications = useLiveQuery({
    ...trpc.notifications.getUnreadCount.queryOptions(),
    enabled: isSignedIn,
  });
  const adminNotifications = useLiveQuery({
    ...trpc.adminNotifications.getUnreadCount.queryOptions(),
    enabled: isAdmin,
  });
  const tickets = useLiveQuery({
    ...trpc.support.getUnattendedTicketCount.queryOptions(),
    enabled: isAdmin,
  });
  const notificationSum = (notifications.data ?? 0) + (isAdmin ? (adminNotifications.data ?? 0) : 0);
  const messageCount = messages.data ?? 0;
  return {
    messages: messageCount,
    notifications: notificationSum,
    unattendedTickets: isAdmin ? (tickets.data ?? 0) : 0,
    total: messageCount + notificationSum,
  };
}
