// The admin team's notices in live pages, and each administrator's own read state of them.
import { useMutation } from "@tanstack/react-query";
import { toastError } from "../../lib/errors.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";
import { useLivePages } from "../../lib/use-live-pages.ts";

const PAGE_SIZE = 20;

export function useAdminNotices() {
  return useLivePages(
    trpc.adminNotifications.listAdminNotifications.queryOptions({ limit: PAGE_SIZE }),
    (cursor) => trpcClient.adminNotifications.listAdminNotifications.query({ limit: PAGE_SIZE, cursor }),
  );
}

export function useMarkAdminNoticesRead() {
  const markRead = useMutation(trpc.adminNotifications.markAdminNotificationRead.mutationOptions());
  const markAll = useMutation(trpc.adminNotifications.markAllAdminNotificationsRead.mutationOptions());
  return {
    markRead: (notificationId: string) =>
      markRead.mutate({ notificationId }, { onError: (error) => toastError(error) }),
    markAll,
  };
}
