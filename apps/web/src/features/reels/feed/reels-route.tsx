import { ReelsFeedPage } from "./reels-feed-page.tsx";

/** /reels */
export function Component() {
  return <ReelsFeedPage />;
}
