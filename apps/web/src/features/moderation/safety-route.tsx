import { SafetyPage } from "./safety-page.tsx";

/** /settings/safety */
export function Component() {
  return <SafetyPage />;
}
