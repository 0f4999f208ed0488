// /notifications: what happened while the person was away, live, grouped by day.
import { Settings } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { LiveNotices, MarkAllReadButton, type Notice } from "./notice-list.tsx";
import { useMarkNotificationsRead, useNotifications } from "./use-notifications.ts";

export function NotificationsPage() {
  useDocumentTitle("Notifications");
  const pages = useNotifications();
  const { markRead, markAll } = useMarkNotificationsRead();
  const notices: Notice[] = pages.items.map((item) => ({ ...item, isRead: item.readAt !== null }));

  return (
    <Page width="reading" className="py-8">
      <PageHeader
        title="Notifications"
        description="Friends, messages, new episodes and your account."
        actions={
          <>
            <MarkAllReadButton hasUnread={notices.some((notice) => !notice.isRead)} markAll={markAll} />
            <Button variant="ghost" asChild>
              <Link to="/settings/profile#notifications">
                <Settings aria-hidden />
                Settings
              </Link>
            </Button>
          </>
        }
      />
      <div className="mt-6">
        <LiveNotices
          {...pages}
          notices={notices}
          onOpen={(notice) => markRead(notice._id)}
          empty={{
            title: "Nothing yet",
            text: "Friend requests, new episodes of titles you follow and account notices will show here.",
          }}
        />
      </div>
    </Page>
  );
}
