// Web push on this device: the browser's subscription with the server's VAPID key, handed to the
// server, which sends through the browser's push service.
import { trpcClient } from "../../lib/trpc.ts";

/** A reason push cannot be turned on that the person can act on; its message can be shown. */
export class PushError extends Error {
  override name = "PushError";
}

export function isPushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll("-", "+").replaceAll("_", "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const found = await navigator.serviceWorker.getRegistration();
  if (!found)
    throw new PushError(
      "Notifications on this device need the installed app's worker; reload the page and try again.",
    );
  return found;
}

/** The device's current subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const found = await navigator.serviceWorker.getRegistration();
  return (await found?.pushManager.getSubscription()) ?? null;
}

export async function enablePush(publicKey: string): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    throw new PushError(
      "Notifications are blocked for this site. Allow them in the browser's site settings.",
    );
  }
  const worker = await registration();
  const subscription = await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  const json = subscription.toJSON();
  await trpcClient.notifications.savePushSubscription.mutate({
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
    expirationTime: subscription.expirationTime,
  });
}

export async function disablePush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await trpcClient.notifications.removePushSubscription.mutate({ endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}
