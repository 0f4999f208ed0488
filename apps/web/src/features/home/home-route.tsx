import { HomePage } from "./home-page.tsx";

export function Component() {
  return <HomePage />;
}
