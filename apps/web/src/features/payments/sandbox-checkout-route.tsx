import { SandboxCheckoutPage } from "./sandbox-checkout-page.tsx";

export function Component() {
  return <SandboxCheckoutPage />;
}
