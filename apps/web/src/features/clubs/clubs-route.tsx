import { ClubsPage } from "./clubs-page.tsx";

export function Component() {
  return <ClubsPage />;
}
