// /admin/notifications: the admin team's notices (imports that failed, refused webhooks, reports,
// sales), each administrator's own read state, and announcements to readers.
import type { AnnouncementStatus } from "@litverse/shared/notifications";
import { Badge, type BadgeVariant } from "../../components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { formatCount, formatRelativeDate } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { LiveNotices, MarkAllReadButton } from "../notifications/index.ts";
import { AnnouncementForm, AUDIENCE_LABELS } from "./announcement-form.tsx";
import { useAdminNotices, useMarkAdminNoticesRead } from "./use-admin-notices.ts";
import { useAnnouncements } from "./use-announcements.ts";

const STATUS_BADGES: Record<AnnouncementStatus, { label: string; variant: BadgeVariant }> = {
  queued: { label: "Queued", variant: "neutral" },
  sending: { label: "Sending", variant: "warning" },
  sent: { label: "Sent", variant: "success" },
  failed: { label: "Failed", variant: "danger" },
};

export function AdminNotificationsPage() {
  useDocumentTitle("Admin Notifications");
  const pages = useAdminNotices();
  const { markRead, markAll } = useMarkAdminNoticesRead();

  return (
    <Page width="wide" className="py-8">
      <PageHeader
        title="Admin Notifications"
        description="Notices for the admin team, and announcements to readers."
        actions={<MarkAllReadButton hasUnread={pages.items.some((item) => !item.isRead)} markAll={markAll} />}
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-label="Notices">
          <LiveNotices
            {...pages}
            notices={pages.items}
            onOpen={(notice) => markRead(notice._id)}
            empty={{ title: "No notices", text: "Failed imports, reports and refused payments show here." }}
          />
        </section>
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Send an announcement</CardTitle>
            </CardHeader>
            <CardContent>
              <AnnouncementForm />
            </CardContent>
          </Card>
          <Announcements />
        </div>
      </div>
    </Page>
  );
}

function Announcements() {
  const announcements = useAnnouncements();
  if (!announcements.data?.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Announcements</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-[var(--border)]" aria-label="Announcements">
          {announcements.data.map((announcement) => {
            const status = STATUS_BADGES[announcement.status];
            return (
              <li key={announcement._id} className="py-3 first:pt-0 last:pb-0" data-testid="announcement">
                <div className="flex items-start justify-between gap-2">
                  <p className="min-w-0 font-medium break-words">{announcement.title}</p>
                  <Badge variant={status.variant}>{status.label}</Badge>
                </div>
                <p className="mt-1 text-xs text-muted-foreground">
                  {AUDIENCE_LABELS[announcement.audience]} · {formatCount(announcement.recipients)}{" "}
                  {announcement.recipients === 1 ? "person" : "people"} ·{" "}
                  {formatRelativeDate(announcement.sentAt ?? announcement.createdAt)}
                  {announcement.author ? ` · ${announcement.author}` : null}
                </p>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
