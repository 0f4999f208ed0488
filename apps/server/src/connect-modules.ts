// Where a lower module must call a higher one, the higher one's functions are handed down here:
// payments settles what coins and subscriptions sell; reports tells an author, through moderation,
// that their item is hidden pending review. User management is handed the whole schema,
// to find every table that holds a person's data. Every process runs this before it opens a
// platform (openPlatform does), and running it again changes nothing.
import { creditCoinPurchase } from "./modules/coins/coin-purchases.ts";
import { autoHidden } from "./modules/moderation/index.ts";
import { connectPayments } from "./modules/payments/connect.ts";
import { connectReportHooks } from "./modules/reports/index.ts";
import {
  handleSubscriptionEvent,
  onSubscriptionPaymentSettled,
} from "./modules/subscriptions/subscription-payments.ts";
import { registerPersonTables } from "./modules/user-management/index.ts";
import * as schema from "./schema.ts";

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
  connectReportHooks({ autoHidden });
  registerPersonTables(Object.values(schema));
}
