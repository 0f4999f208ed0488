// Which payment providers this server has, per platform: built once from the payment settings
// (app.ts configures them with the server's public address; elsewhere they come from the
// environment), and replaceable in tests. Services ask here for a provider by id.
import type { PaymentProviderId } from "@litverse/shared/coins";
import type { FastifyBaseLogger } from "fastify";
import { loadOrCreateSecret } from "../../../core/db/secrets.ts";
import { AppError } from "../../../core/errors.ts";
import type { ServiceDeps } from "../../../core/service-deps.ts";
import { type PaymentsSettings, paymentsSettingsFromEnv } from "../payments-config.ts";
import type { PaymentProvider } from "../provider.ts";
import { PaystackProvider } from "./paystack.ts";
import { SandboxProvider, type WebhookDelivery } from "./sandbox.ts";
import type { Headers } from "./signatures.ts";
import { StripeProvider } from "./stripe.ts";

export const SANDBOX_WEBHOOK_SECRET_NAME = "sandbox-webhook-signing";
/** Waits between attempts to deliver a sandbox webhook that the platform could not take. */
const DELIVERY_RETRY_MS = [1_000, 5_000, 30_000];

interface PaymentsRuntime {
  settings: PaymentsSettings;
  log: FastifyBaseLogger | null;
  overrides: Partial<Record<PaymentProviderId, PaymentProvider>>;
  providers: Promise<Map<PaymentProviderId, PaymentProvider>> | null;
  /** Sandbox webhooks on their way, so that tests (and shutdown) can wait for them. */
  deliveries: Set<Promise<void>>;
}

const runtimes = new WeakMap<ServiceDeps, PaymentsRuntime>();

/** What the webhook route does with a delivery (webhooks.ts), handed over by connectPayments. */
type WebhookReceiver = (
  deps: ServiceDeps,
  provider: PaymentProviderId,
  rawBody: Buffer,
  headers: Headers,
) => Promise<{ statusCode: number }>;

let webhookReceiver: WebhookReceiver | null = null;

/** The sandbox delivers its webhooks in process, to the same handler as the HTTP route. */
export function connectWebhookReceiver(receiver: WebhookReceiver): void {
  webhookReceiver = receiver;
}

export interface ConfigureOptions {
  log?: FastifyBaseLogger;
  /** Providers to use instead of the configured ones (tests). */
  overrides?: Partial<Record<PaymentProviderId, PaymentProvider>>;
}

/** Sets this platform's payment settings; providers are (re)built on next use. */
export function configurePayments(
  deps: ServiceDeps,
  settings: PaymentsSettings,
  options: ConfigureOptions = {},
) {
  const previous = runtimes.get(deps);
  runtimes.set(deps, {
    settings,
    log: options.log ?? previous?.log ?? null,
    overrides: options.overrides ?? {},
    providers: null,
    deliveries: previous?.deliveries ?? new Set(),
  });
}

function runtime(deps: ServiceDeps): PaymentsRuntime {
  let found = runtimes.get(deps);
  if (!found) {
    const port = process.env.PORT ?? "3000";
    configurePayments(deps, paymentsSettingsFromEnv(process.env.PUBLIC_URL ?? `http://localhost:${port}`));
    found = runtimes.get(deps) as PaymentsRuntime;
  }
  return found;
}

export function paymentsSettings(deps: ServiceDeps): PaymentsSettings {
  return runtime(deps).settings;
}

export function paymentsLog(deps: ServiceDeps): FastifyBaseLogger | null {
  return runtime(deps).log;
}

async function buildProviders(deps: ServiceDeps, state: PaymentsRuntime) {
  const { settings } = state;
  const providers = new Map<PaymentProviderId, PaymentProvider>();
  if (settings.isSandboxEnabled) {
    const secret =
      settings.sandboxWebhookSecret ?? (await loadOrCreateSecret(deps.db, SANDBOX_WEBHOOK_SECRET_NAME));
    providers.set(
      "sandbox",
      new SandboxProvider({
        deps,
        publicUrl: settings.publicUrl,
        secret,
        deliver: inProcessDelivery(deps, state),
      }),
    );
  }
  if (settings.stripe) providers.set("stripe", new StripeProvider(settings.stripe));
  if (settings.paystack) providers.set("paystack", new PaystackProvider(settings.paystack));
  for (const [id, provider] of Object.entries(state.overrides)) {
    if (provider) providers.set(id as PaymentProviderId, provider);
  }
  return providers;
}

async function providersOf(deps: ServiceDeps): Promise<Map<PaymentProviderId, PaymentProvider>> {
  const state = runtime(deps);
  state.providers ??= buildProviders(deps, state).catch((error: unknown) => {
    state.providers = null;
    throw error;
  });
  return state.providers;
}

/** The provider by id (default: the one new checkouts use). UNAVAILABLE when it is not set up here. */
export async function paymentProvider(deps: ServiceDeps, id?: PaymentProviderId): Promise<PaymentProvider> {
  const wanted = id ?? runtime(deps).settings.defaultProvider;
  if (!wanted) throw new AppError("UNAVAILABLE", "Payments are not set up on this server yet.");
  const provider = (await providersOf(deps)).get(wanted);
  if (!provider)
    throw new AppError("UNAVAILABLE", `Payments through ${wanted} are not set up on this server.`);
  return provider;
}

export function isSandboxEnabled(deps: ServiceDeps): boolean {
  return runtime(deps).settings.isSandboxEnabled;
}

/** The sandbox provider itself, for its checkout page and renewals. */
export async function sandboxProvider(deps: ServiceDeps): Promise<SandboxProvider> {
  const provider = await paymentProvider(deps, "sandbox");
  if (!(provider instanceof SandboxProvider)) throw new AppError("UNAVAILABLE", "The sandbox is not in use.");
  return provider;
}

/** Resolves once every sandbox webhook sent so far has been delivered (or given up on). */
export async function flushSandboxWebhooks(deps: ServiceDeps): Promise<void> {
  const { deliveries } = runtime(deps);
  while (deliveries.size > 0) await Promise.allSettled([...deliveries]);
}

/**
 * Delivers a sandbox webhook on a later turn through receiveWebhook, the HTTP route's own handler,
 * retrying a few times when the platform fails to take it (never for a refused signature).
 */
function inProcessDelivery(deps: ServiceDeps, state: PaymentsRuntime): WebhookDelivery {
  return (rawBody, headers) => {
    const delivery = (async () => {
      await new Promise((resolve) => setImmediate(resolve));
      const receiveWebhook = webhookReceiver;
      if (!receiveWebhook) {
        state.log?.error("payments are not connected: a sandbox webhook had nowhere to go");
        return;
      }
      for (let attempt = 0; ; attempt++) {
        try {
          const outcome = await receiveWebhook(deps, "sandbox", rawBody, headers);
          if (outcome.statusCode < 500) {
            if (outcome.statusCode >= 400) state.log?.warn(outcome, "sandbox webhook refused");
            return;
          }
        } catch (error) {
          state.log?.warn({ err: error }, "sandbox webhook delivery failed");
        }
        const wait = DELIVERY_RETRY_MS[attempt];
        if (wait === undefined) return;
        await new Promise((resolve) => setTimeout(resolve, wait).unref());
      }
    })();
    state.deliveries.add(delivery);
    void delivery.finally(() => state.deliveries.delete(delivery));
    return delivery;
  };
}
