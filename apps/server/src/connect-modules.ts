// Where a lower module must call a higher one, the higher one's functions are handed down here:
// payments settles what coins and subscriptions sell. Every process runs this before it opens a
// platform (openPlatform does), and running it again changes nothing.
import { creditCoinPurchase } from "./modules/coins/coin-purchases.ts";
import { connectPayments } from "./modules/payments/connect.ts";
import {
  handleSubscriptionEvent,
  onSubscriptionPaymentSettled,
} from "./modules/subscriptions/subscription-payments.ts";

export function connectModules(): void {
  connectPayments({
    purposes: {
      coins: { settled: creditCoinPurchase },
      subscription: {
        async settled(deps, tx, payment, verified) {
          await onSubscriptionPaymentSettled(deps, tx, payment, verified);
          return null;
        },
      },
    },
    subscriptionEvent: handleSubscriptionEvent,
  });
}
