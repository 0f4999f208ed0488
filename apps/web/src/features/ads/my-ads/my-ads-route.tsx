import { MyAdsPage } from "./my-ads-page.tsx";

/** /ads/my-ads */
export function Component() {
  return <MyAdsPage />;
}
