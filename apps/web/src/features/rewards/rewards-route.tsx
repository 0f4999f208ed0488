import { RewardsPage } from "./rewards-page.tsx";

/** /rewards */
export function Component() {
  return <RewardsPage />;
}
