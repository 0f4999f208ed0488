// What the payments module offers the other modules; everything else in this folder is its own.
export {
  adminListPayments,
  PAYMENTS_TOPIC,
  paymentSnapshot,
  refundPayment,
  returnUrls,
  settlePayment,
} from "./payments.service.ts";
export type { VerifiedPayment, WebhookEvent } from "./provider.ts";
export { paymentProvider } from "./providers/registry.ts";
export type { PaymentRow, SubscriptionEvent } from "./purposes.ts";
