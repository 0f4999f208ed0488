import { NoticePage } from "./notice-page.tsx";
import { PublicFrame } from "./public-frame.tsx";

/** /report-illegal-content, for anyone */
export function Component() {
  return (
    <PublicFrame>
      <NoticePage />
    </PublicFrame>
  );
}
