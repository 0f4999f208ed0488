// The payments' HTTP routes: providers' webhooks, read as raw bodies for their signatures. (The
// sandbox provider's checkout page is a page of the web app, on the payments functions.)
import type { FastifyInstance } from "fastify";
import type { Config } from "../../core/config.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { createAdminNotification } from "../admin-notifications/index.ts";
import { paymentsSettingsFromEnv } from "./payments-config.ts";
import { configurePayments } from "./providers/registry.ts";
import { receiveWebhook } from "./webhooks.ts";

/** Webhook bodies are small; anything larger is not from a provider. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;
/** The administrators hear of refused webhooks at most this often per provider: anyone can post junk. */
const REFUSAL_NOTICE_INTERVAL_MS = 60 * 60_000;

export async function registerPaymentRoutes(
  app: FastifyInstance,
  deps: ServiceDeps,
  config: Pick<Config, "publicUrl" | "isProduction">,
): Promise<void> {
  const lastRefusalNotice = new Map<string, number>();
  const settings = paymentsSettingsFromEnv(config.publicUrl, process.env, config.isProduction);
  configurePayments(deps, settings, { log: app.log });
  if (config.isProduction && settings.isSandboxEnabled) {
    // Enabled on purpose, but its Pay button gives coins and plans away: fine for a trial, not a shop.
    app.log.warn("Payments use the sandbox provider: people can pay without money.");
  } else if (!settings.defaultProvider) {
    app.log.warn("No payment provider is set (PAYMENT_PROVIDER): coins and plans cannot be bought.");
  }

  await app.register(async (scope) => {
    // The signature covers the exact bytes sent: keep the body as it came, whatever its type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post<{ Params: { provider: string } }>("/webhooks/payments/:provider", async (request, reply) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await receiveWebhook(deps, request.params.provider, rawBody, request.headers);
      if (outcome.statusCode >= 400) {
        request.log.warn({ outcome }, "payment webhook not taken");
        const provider = request.params.provider.slice(0, 40);
        const last = lastRefusalNotice.get(provider) ?? 0;
        if (outcome.statusCode !== 404 && Date.now() - last > REFUSAL_NOTICE_INTERVAL_MS) {
          lastRefusalNotice.set(provider, Date.now());
          await createAdminNotification(deps, {
            kind: "payments",
            title: `A payment webhook from ${provider} was not taken`,
            body: `${outcome.body.error ?? `Answered ${outcome.statusCode}.`} Further ones within the hour are only logged.`,
            link: "/admin/revenue-analytics",
          }).catch((error: unknown) => request.log.warn({ err: error }, "could not tell the administrators"));
        }
      }
      return reply.code(outcome.statusCode).send(outcome.body);
    });
  });
}
