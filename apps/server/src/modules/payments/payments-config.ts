// Payment settings, read from the environment beside the server's own configuration:
// PAYMENT_PROVIDER picks the provider new checkouts use; Stripe and Paystack are available once
// their keys are set, so that webhooks for payments started before a switch still verify. The
// sandbox, whose Pay button gives coins away, is the default everywhere but in production, where
// it exists only when PAYMENT_PROVIDER=sandbox says so.
import { PAYMENT_PROVIDERS, type PaymentProviderId } from "@litverse/shared/coins";
import { z } from "zod";

export interface PaymentsSettings {
  /** Where buyers come back to: `{publicUrl}/subscription/verify?payment=…`. */
  publicUrl: string;
  /** Null in production until an operator chooses: then nobody can start a checkout. */
  defaultProvider: PaymentProviderId | null;
  /** Whether the sandbox provider exists on this server at all. */
  isSandboxEnabled: boolean;
  /** The sandbox's webhook signing secret; by default one made once and kept in the database. */
  sandboxWebhookSecret: string | null;
  stripe: { secretKey: string; webhookSecret: string; apiBase: string } | null;
  paystack: { secretKey: string; apiBase: string } | null;
}

const optional = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

const envSchema = z.object({
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).optional(),
  SANDBOX_WEBHOOK_SECRET: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).default("https://api.stripe.com"),
  PAYSTACK_SECRET_KEY: optional,
  PAYSTACK_API_BASE: z.url({ protocol: /^https?$/ }).default("https://api.paystack.co"),
});

export function paymentsSettingsFromEnv(
  publicUrl: string,
  env: NodeJS.ProcessEnv = process.env,
  isProduction = env.NODE_ENV === "production",
): PaymentsSettings {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid payment configuration:\n${problems.join("\n")}`);
  }
  const values = parsed.data;
  const stripe =
    values.STRIPE_SECRET_KEY && values.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: values.STRIPE_SECRET_KEY,
          webhookSecret: values.STRIPE_WEBHOOK_SECRET,
          apiBase: values.STRIPE_API_BASE.replace(/\/+$/, ""),
        }
      : null;
  const paystack = values.PAYSTACK_SECRET_KEY
    ? { secretKey: values.PAYSTACK_SECRET_KEY, apiBase: values.PAYSTACK_API_BASE.replace(/\/+$/, "") }
    : null;
  if (values.PAYMENT_PROVIDER === "stripe" && !stripe) {
    throw new Error("PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.");
  }
  if (values.PAYMENT_PROVIDER === "paystack" && !paystack) {
    throw new Error("PAYMENT_PROVIDER=paystack needs PAYSTACK_SECRET_KEY.");
  }
  return {
    publicUrl: publicUrl.replace(/\/+$/, ""),
    defaultProvider: values.PAYMENT_PROVIDER ?? (isProduction ? null : "sandbox"),
    isSandboxEnabled: !isProduction || values.PAYMENT_PROVIDER === "sandbox",
    sandboxWebhookSecret: values.SANDBOX_WEBHOOK_SECRET ?? null,
    stripe,
    paystack,
  };
}
