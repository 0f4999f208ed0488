import { NotificationsPage } from "./notifications-page.tsx";

/** /notifications */
export function Component() {
  return <NotificationsPage />;
}
