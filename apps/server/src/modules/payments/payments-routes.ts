// The payments' HTTP routes: providers' webhooks (raw body, for the signature) and the sandbox
// provider's hosted checkout page.
import type { FastifyInstance } from "fastify";
import { AppError } from "../../errors.ts";
import type { Platform } from "../../platform.ts";
import { paymentsSettingsFromEnv } from "./payments-config.ts";
import { configurePayments, paymentsSettings, sandboxProvider } from "./providers/registry.ts";
import type { SandboxOutcome } from "./providers/sandbox.ts";
import { sandboxCheckoutPage } from "./providers/sandbox-page.ts";
import { receiveWebhook } from "./webhooks.ts";

/** Webhook bodies are small; anything larger is not from a provider. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;
const OUTCOMES: readonly SandboxOutcome[] = ["pay", "fail", "cancel"];

export async function registerPaymentRoutes(app: FastifyInstance, platform: Platform): Promise<void> {
  const { deps } = platform;
  const settings = paymentsSettingsFromEnv(platform.config.publicUrl);
  configurePayments(deps, settings, { log: app.log });
  if (platform.config.isProduction && settings.defaultProvider === "sandbox") {
    // The sandbox's Pay button gives coins and plans away: fine for trying the platform, not for
    // a shop.
    app.log.warn("Payments use the sandbox provider: anyone can pay without money. Set PAYMENT_PROVIDER.");
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
      if (outcome.statusCode >= 400) request.log.warn({ outcome }, "payment webhook not taken");
      return reply.code(outcome.statusCode).send(outcome.body);
    });

    // The sandbox's hosted checkout page, only while the sandbox is the provider in use or has
    // checkouts open (it always exists, so that old sandbox checkouts still resolve).
    scope.get<{ Params: { reference: string } }>("/sandbox/checkout/:reference", async (request, reply) => {
      const sandbox = await sandboxProvider(deps);
      const charge = await sandbox.findCharge(request.params.reference);
      if (!charge) return reply.code(404).type("text/plain").send("There is no such checkout.");
      return reply.header("cache-control", "no-store").type("text/html").send(sandboxCheckoutPage(charge));
    });
    scope.post<{ Params: { reference: string; outcome: string } }>(
      "/sandbox/checkout/:reference/:outcome",
      async (request, reply) => {
        const outcome = request.params.outcome as SandboxOutcome;
        if (!OUTCOMES.includes(outcome)) return reply.code(404).type("text/plain").send("No such action.");
        const sandbox = await sandboxProvider(deps);
        try {
          const location = await sandbox.completeCharge(request.params.reference, outcome);
          return reply.redirect(safeRedirect(location, paymentsSettings(deps).publicUrl), 303);
        } catch (error) {
          if (error instanceof AppError && error.code === "NOT_FOUND") {
            return reply.code(404).type("text/plain").send(error.message);
          }
          throw error;
        }
      },
    );
  });
}

/** The sandbox only ever sends buyers back to this platform. */
function safeRedirect(location: string, publicUrl: string): string {
  try {
    const url = new URL(location);
    const home = new URL(publicUrl);
    if (url.origin === home.origin) return `${url.pathname}${url.search}`;
  } catch {
    // Not an absolute URL: fall through.
  }
  return "/";
}
