// Which notifications a person gets, and push on this device: the server's side of both.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toastError } from "../../lib/errors.ts";
import { toast } from "../../lib/toast.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";
import { currentPushSubscription, PushError, subscribeThisDevice } from "./push-device.ts";

/** The choices per kind of notification, and saving one (the saved list replaces the cached one). */
export function useNotificationPreferences() {
  const queryClient = useQueryClient();
  const preferences = useQuery(trpc.notifications.getNotificationPreferences.queryOptions());
  const setPreference = useMutation(
    trpc.notifications.setNotificationPreference.mutationOptions({
      onSuccess: (saved) =>
        queryClient.setQueryData(trpc.notifications.getNotificationPreferences.queryKey(), saved),
      onError: (error) => toastError(error, "Could not save that choice."),
    }),
  );
  return { preferences, setPreference: setPreference.mutate };
}

/** Subscribes this device with the server's key and hands the subscription to the server. */
async function enablePush(publicKey: string): Promise<void> {
  const subscription = await subscribeThisDevice(publicKey);
  const json = subscription.toJSON();
  await trpcClient.notifications.savePushSubscription.mutate({
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
    expirationTime: subscription.expirationTime,
  });
}

/** Tells the server to stop, then ends this device's subscription. */
async function disablePush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await trpcClient.notifications.removePushSubscription.mutate({ endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}

/** Whether push is on here, on how many devices in all, and turning it on or off here. */
export function usePushOnThisDevice() {
  const setup = useQuery(trpc.notifications.getPushSetup.queryOptions());
  const subscription = useQuery({ queryKey: ["push-subscription"], queryFn: currentPushSubscription });
  const [isBusy, setIsBusy] = useState(false);
  const isOn = Boolean(subscription.data);

  const toggle = async () => {
    if (!setup.data) return;
    setIsBusy(true);
    try {
      if (isOn) await disablePush();
      else await enablePush(setup.data.publicKey);
      toast.success(isOn ? "Push turned off on this device" : "Push turned on for this device");
    } catch (error) {
      if (error instanceof PushError) toast.error(error.message);
      else toastError(error, "Could not change push on this device.");
    } finally {
      await Promise.all([setup.refetch(), subscription.refetch()]);
      setIsBusy(false);
    }
  };

  return { isReady: Boolean(setup.data), isOn, devices: setup.data?.devices ?? 0, isBusy, toggle };
}
