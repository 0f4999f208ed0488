// Announcements to readers: the live list of those sent and the sending of a new one.
import { useMutation } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { describeError, type ErrorDetails } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

export function useAnnouncements() {
  return useLiveQuery(trpc.adminNotifications.listAnnouncements.queryOptions());
}

export function useSendAnnouncement() {
  const send = useMutation(trpc.adminNotifications.sendAnnouncement.mutationOptions());
  return {
    send: (
      announcement: inferInput<typeof trpc.adminNotifications.sendAnnouncement>,
      { onSent, onFailed }: { onSent: () => void; onFailed: (details: ErrorDetails) => void },
    ) =>
      send.mutate(announcement, {
        onSuccess: () => {
          toast.success("Announcement queued");
          onSent();
        },
        onError: (error) => onFailed(describeError(error, "Could not send the announcement.")),
      }),
    isPending: send.isPending,
  };
}
