// The pieces of the payments module that subscriptions use, in one place: the providers, the
// addresses buyers come back to, the payments topic, and settlePayment (which asks the provider
// first, settles once however often asked, and calls onSubscriptionPaymentSettled for a
// subscription's payment).
export { PAYMENTS_TOPIC, returnUrls, settlePayment } from "../payments/payments.service.ts";
export { paymentProvider } from "../payments/providers/registry.ts";
