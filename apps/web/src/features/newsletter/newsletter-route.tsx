import { AdminOnly } from "../session/index.ts";
import { NewsletterPage } from "./newsletter-page.tsx";

/** /admin/newsletter */
export function Component() {
  return (
    <AdminOnly title="Newsletter">
      <NewsletterPage />
    </AdminOnly>
  );
}
