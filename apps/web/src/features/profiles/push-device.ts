// Web push on this device: the browser's subscription with the server's VAPID key, handed to the
// server (use-notification-settings.ts), which sends through the browser's push service.

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

/** Asks the person's permission and subscribes this device with the server's public key. */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    throw new PushError(
      "Notifications are blocked for this site. Allow them in the browser's site settings.",
    );
  }
  const worker = await registration();
  return worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
}
