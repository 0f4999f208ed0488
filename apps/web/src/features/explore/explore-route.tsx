import { ExplorePage } from "./explore-page.tsx";

export function Component() {
  return <ExplorePage />;
}
