import { CataloguePage } from "./catalogue-page.tsx";

export function Component() {
  return <CataloguePage />;
}
