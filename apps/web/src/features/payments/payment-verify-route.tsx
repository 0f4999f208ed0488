import { PaymentVerifyPage } from "./payment-verify-page.tsx";

export function Component() {
  return <PaymentVerifyPage />;
}
