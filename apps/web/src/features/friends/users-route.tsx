import { MakeFriendsPage } from "./make-friends-page.tsx";

export function Component() {
  return <MakeFriendsPage />;
}
