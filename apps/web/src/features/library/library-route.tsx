import { LibraryPage } from "./library-page.tsx";

export function Component() {
  return <LibraryPage />;
}
