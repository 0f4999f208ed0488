import { BadgesPage } from "./badges-page.tsx";

/** /badges */
export function Component() {
  return <BadgesPage />;
}
