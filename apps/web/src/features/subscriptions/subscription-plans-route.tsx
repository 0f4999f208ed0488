import { SubscriptionPlansPage } from "./subscription-plans-page.tsx";

export function Component() {
  return <SubscriptionPlansPage />;
}
