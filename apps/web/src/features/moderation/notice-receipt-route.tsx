import { NoticeReceiptPage } from "./notice-receipt-page.tsx";
import { PublicFrame } from "./public-frame.tsx";

/** /report-illegal-content/:reference, for anyone who has the reference */
export function Component() {
  return (
    <PublicFrame>
      <NoticeReceiptPage />
    </PublicFrame>
  );
}
