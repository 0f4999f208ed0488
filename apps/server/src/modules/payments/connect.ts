// Hands payments what it calls but must not import: the handlers of the modules that sell through
// it, and its own webhook handler for the sandbox's in-process deliveries.
import { connectWebhookReceiver } from "./providers/registry.ts";
import { connectPaymentHandlers, type PaymentHandlers } from "./purposes.ts";
import { receiveWebhook } from "./webhooks.ts";

export function connectPayments(handlers: PaymentHandlers): void {
  connectPaymentHandlers(handlers);
  connectWebhookReceiver(receiveWebhook);
}
