// Web push (the Push API): the server's VAPID key pair, kept in the database so that every process
// signs alike and subscriptions survive restarts; the devices people allowed; and sending, which
// never holds up the call that caused it. A push reaches an installed app while it is closed: the
// browser's push service wakes its service worker, which shows the notification.
import { DEFAULT_SUPPORT_EMAIL } from "@litverse/shared/constants";
import type { PushPayload, PushSetup } from "@litverse/shared/notifications";
import { and, eq, sql } from "drizzle-orm";
import webpush from "web-push";
import { loadOrCreateValue } from "../../core/db/secrets.ts";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { pushSubscriptions } from "./schema.ts";

const VAPID_SECRET_NAME = "web-push-vapid";
/** Push services keep a message this long for a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 3_600;
/** A subscription failing this many times in a row (without being declared gone) is dropped. */
const MAX_FAILURES = 5;
/** A push service that does not answer in this time is counted as a failure. */
const PUSH_TIMEOUT_MS = 15_000;
/** At most this many subscriptions per person: a browser that subscribes again replaces its own. */
const MAX_DEVICES = 10;

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * Push services of the browsers people use. A subscription names the URL the server will POST to:
 * any other host is refused, so that nobody makes the server call addresses of their choosing.
 */
const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "push.services.mozilla.com",
  "notify.windows.com",
  "push.apple.com",
];

let contact = `mailto:${DEFAULT_SUPPORT_EMAIL}`;
let extraOrigins: string[] = [];

/**
 * The address push services may write to about this server's pushes (the support address), and
 * origins of other push services to accept (a self-hosted one; tests).
 */
export function configurePush(options: { contactEmail: string; extraOrigins?: string[] }): void {
  contact = `mailto:${options.contactEmail}`;
  extraOrigins = options.extraOrigins ?? [];
}

function isPushServiceEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraOrigins.includes(url.origin)) return true;
  return (
    url.protocol === "https:" &&
    PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`))
  );
}

const keysByDeps = new WeakMap<ServiceDeps, Promise<VapidKeys>>();

function vapidKeys(deps: ServiceDeps): Promise<VapidKeys> {
  let keys = keysByDeps.get(deps);
  if (!keys) {
    keys = loadOrCreateValue(deps.db, VAPID_SECRET_NAME, () =>
      JSON.stringify(webpush.generateVAPIDKeys()),
    ).then((value) => JSON.parse(value) as VapidKeys);
    keys.catch(() => keysByDeps.delete(deps));
    keysByDeps.set(deps, keys);
  }
  return keys;
}

export async function getPushSetup(deps: ServiceDeps, user: SessionUser): Promise<PushSetup> {
  const [row] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, user.id));
  return { publicKey: (await vapidKeys(deps)).publicKey, devices: row?.count ?? 0 };
}

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Keeps a device's subscription for the caller (a subscription moving to another person moves). */
export async function savePushSubscription(
  deps: ServiceDeps,
  user: SessionUser,
  subscription: BrowserSubscription,
  userAgent: string | null,
): Promise<PushSetup> {
  if (!isPushServiceEndpoint(subscription.endpoint)) {
    throw new AppError("BAD_REQUEST", "That is not the address of a browser's push service.");
  }
  await deps.db
    .insert(pushSubscriptions)
    .values({
      userId: user.id,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      userAgent: userAgent?.slice(0, 300) ?? null,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: user.id,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        failures: 0,
        updatedAt: new Date(),
      },
    });
  // The oldest devices go when there are too many.
  await deps.db.execute(sql`
    delete from push_subscriptions where user_id = ${user.id} and id not in (
      select id from push_subscriptions where user_id = ${user.id} order by updated_at desc limit ${MAX_DEVICES})`);
  return getPushSetup(deps, user);
}

export async function removePushSubscription(
  deps: ServiceDeps,
  user: SessionUser,
  endpoint: string,
): Promise<PushSetup> {
  await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, user.id), eq(pushSubscriptions.endpoint, endpoint)));
  return getPushSetup(deps, user);
}

const inFlight = new WeakMap<ServiceDeps, Set<Promise<void>>>();

/** Sends `payload` to every device of `userId`, in the background. */
export function pushToUser(deps: ServiceDeps, userId: string, payload: PushPayload): void {
  let pending = inFlight.get(deps);
  if (!pending) {
    pending = new Set();
    inFlight.set(deps, pending);
  }
  const delivery = deliver(deps, userId, payload).catch(() => {
    // Failures are counted per subscription in deliver; nothing else to do here.
  });
  pending.add(delivery);
  void delivery.finally(() => pending?.delete(delivery));
}

/** Resolves once every push started so far has been sent or given up on (tests, shutdown). */
export async function flushPushes(deps: ServiceDeps): Promise<void> {
  const pending = inFlight.get(deps);
  while (pending && pending.size > 0) await Promise.allSettled([...pending]);
}

async function deliver(deps: ServiceDeps, userId: string, payload: PushPayload): Promise<void> {
  const devices = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  if (devices.length === 0) return;
  const keys = await vapidKeys(deps);
  const body = JSON.stringify(payload);
  await Promise.all(devices.map((device) => sendTo(deps, device, keys, payload, body)));
}

type Device = typeof pushSubscriptions.$inferSelect;

/** One push to one device; what the push service answers decides what becomes of the subscription. */
async function sendTo(
  deps: ServiceDeps,
  device: Device,
  keys: VapidKeys,
  payload: PushPayload,
  body: string,
) {
  let status: number;
  try {
    // web-push encrypts and signs; the request itself goes through fetch, with a time limit.
    const request = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      body,
      {
        TTL: PUSH_TTL_SECONDS,
        urgency: "normal",
        topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32) || undefined,
        vapidDetails: { subject: contact, publicKey: keys.publicKey, privateKey: keys.privateKey },
      },
    );
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      ),
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await response.body?.cancel();
    status = response.status;
  } catch {
    status = 0; // unreachable, or too slow
  }
  const byId = eq(pushSubscriptions.id, device.id);
  if (status >= 200 && status < 300) {
    await deps.db.update(pushSubscriptions).set({ failures: 0, lastSuccessAt: new Date() }).where(byId);
  } else if (status === 404 || status === 410) {
    // The browser unsubscribed, or the subscription expired.
    await deps.db.delete(pushSubscriptions).where(byId);
  } else {
    await deps.db
      .update(pushSubscriptions)
      .set({ failures: sql`${pushSubscriptions.failures} + 1` })
      .where(byId);
    await deps.db
      .delete(pushSubscriptions)
      .where(and(byId, sql`${pushSubscriptions.failures} >= ${MAX_FAILURES}`));
  }
}
