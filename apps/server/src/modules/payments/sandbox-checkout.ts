// The sandbox provider's checkout, as functions for the web app's checkout page. Only the person
// who started a checkout may see, pay, fail or cancel it: the functions run with the caller's
// verified access token, which another site's page can neither send nor read.
import type { SandboxCheckoutView } from "@litverse/shared/payments";
import { eq } from "drizzle-orm";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { sandboxProvider } from "./providers/registry.ts";
import type { SandboxChargeRow, SandboxOutcome } from "./providers/sandbox.ts";
import { payments } from "./schema.ts";

const NO_SUCH_CHECKOUT = "There is no such checkout.";

/** The charge, if `user` started it; otherwise NOT_FOUND, so that others learn nothing about it. */
async function ownCharge(deps: ServiceDeps, user: SessionUser, reference: string): Promise<SandboxChargeRow> {
  const sandbox = await sandboxProvider(deps);
  const charge = await sandbox.findCharge(reference);
  const paymentId = charge?.metadata.paymentId;
  if (!charge || !paymentId) throw new AppError("NOT_FOUND", NO_SUCH_CHECKOUT);
  const [payment] = await deps.db
    .select({ userId: payments.userId })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (payment?.userId !== user.id) throw new AppError("NOT_FOUND", NO_SUCH_CHECKOUT);
  return charge;
}

/** Only ever a path on this site, whatever the charge recorded. */
function sitePath(location: string, publicUrl: string): string {
  try {
    const url = new URL(location, publicUrl);
    if (url.origin === new URL(publicUrl).origin) return `${url.pathname}${url.search}`;
  } catch {
    // Not a URL: fall through.
  }
  return "/";
}

function view(charge: SandboxChargeRow, publicUrl: string): SandboxCheckoutView {
  return {
    reference: charge.reference,
    amountMinor: charge.amountMinor,
    currency: charge.currency,
    description: charge.description,
    status: charge.status,
    returnPath: sitePath(charge.status === "canceled" ? charge.cancelUrl : charge.successUrl, publicUrl),
  };
}

export async function getSandboxCheckout(
  deps: ServiceDeps,
  user: SessionUser,
  reference: string,
): Promise<SandboxCheckoutView> {
  const sandbox = await sandboxProvider(deps);
  return view(await ownCharge(deps, user, reference), sandbox.publicUrl);
}

/** Pays, fails or cancels the caller's own checkout (once); returns where to send the buyer. */
export async function completeSandboxCheckout(
  deps: ServiceDeps,
  user: SessionUser,
  reference: string,
  outcome: SandboxOutcome,
): Promise<{ redirectTo: string }> {
  await ownCharge(deps, user, reference);
  const sandbox = await sandboxProvider(deps);
  const location = await sandbox.completeCharge(reference, outcome);
  return { redirectTo: sitePath(location, sandbox.publicUrl) };
}
