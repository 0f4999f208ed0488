import { CoinsBuyPage } from "./coins-buy-page.tsx";

export function Component() {
  return <CoinsBuyPage />;
}
