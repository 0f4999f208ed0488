import { MyReelsPage } from "./my-reels-page.tsx";

/** /profile/reels */
export function Component() {
  return <MyReelsPage />;
}
