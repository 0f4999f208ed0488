// The person's notifications, newest first: the newest page kept live, older pages on demand.
import { useMutation } from "@tanstack/react-query";
import { toastError } from "../../lib/errors.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";
import { useLivePages } from "../../lib/use-live-pages.ts";

const PAGE_SIZE = 20;

export function useNotifications() {
  return useLivePages(trpc.notifications.listNotifications.queryOptions({ limit: PAGE_SIZE }), (cursor) =>
    trpcClient.notifications.listNotifications.query({ limit: PAGE_SIZE, cursor }),
  );
}

/** Marks one notification read (`markRead`) or all of them (`markAll`, for the list's button). */
export function useMarkNotificationsRead() {
  const markRead = useMutation(trpc.notifications.markNotificationRead.mutationOptions());
  const markAll = useMutation(trpc.notifications.markAllNotificationsRead.mutationOptions());
  return {
    markRead: (notificationId: string) =>
      markRead.mutate({ notificationId }, { onError: (error) => toastError(error) }),
    markAll,
  };
}
