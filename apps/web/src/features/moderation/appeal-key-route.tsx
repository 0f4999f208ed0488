import { AppealKeyPage } from "./appeal-key-page.tsx";
import { PublicFrame } from "./public-frame.tsx";

/** /appeal/:key, for the author of a decision, signed in or not */
export function Component() {
  return (
    <PublicFrame>
      <AppealKeyPage />
    </PublicFrame>
  );
}
