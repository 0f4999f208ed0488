import { MyLibraryPage } from "./my-library-page.tsx";

export function Component() {
  return <MyLibraryPage />;
}
