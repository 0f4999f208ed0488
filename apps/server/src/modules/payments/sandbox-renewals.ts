// The sandbox provider's billing clock: what a real provider does on its own servers when a
// subscription's period ends. The background work calls renewDueSandboxSubscriptions; tests call
// renewSandboxSubscriptionNow. Both send the signed webhooks a real provider would.
import type { ServiceDeps } from "../../core/service-deps.ts";
import { isSandboxEnabled, sandboxProvider } from "./providers/registry.ts";

/** Renews (or ends, when cancelled at period end) every sandbox subscription whose period is over. */
export async function renewDueSandboxSubscriptions(deps: ServiceDeps, now = new Date()): Promise<number> {
  if (!isSandboxEnabled(deps)) return 0;
  return (await sandboxProvider(deps)).renewDue(now);
}

/** Renews one sandbox subscription at once, whatever its period: for tests and demos. */
export async function renewSandboxSubscriptionNow(deps: ServiceDeps, reference: string): Promise<boolean> {
  return (await sandboxProvider(deps)).renew(reference);
}
