import { ContentPage } from "./content-page.tsx";

export function Component() {
  return <ContentPage />;
}
