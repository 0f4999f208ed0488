import { StoriesPage } from "./stories-page.tsx";

/** /interactive-stories */
export function Component() {
  return <StoriesPage />;
}
