// How an issue's state reads in the list and the composer: its badge, the time that matters for
// it (in the team's time zone), what may still be done with it.
import type { NewsletterIssueStatus, NewsletterIssueSummary } from "@litverse/shared/mail";
import type { BadgeVariant } from "../../components/ui/badge.tsx";
import { formatDateTime } from "../../lib/format.ts";

export const STATUS_BADGES: Record<NewsletterIssueStatus, { label: string; variant: BadgeVariant }> = {
  draft: { label: "Draft", variant: "neutral" },
  scheduled: { label: "Scheduled", variant: "brand" },
  sending: { label: "Sending", variant: "warning" },
  paused: { label: "Paused", variant: "warning" },
  sent: { label: "Sent", variant: "success" },
  cancelled: { label: "Cancelled", variant: "danger" },
};

/** Only drafts and scheduled issues can be changed. */
export function isEditable(status: NewsletterIssueStatus): boolean {
  return status === "draft" || status === "scheduled";
}

/** Whether messages have gone out, so that the report has something to count. */
export function hasReport(issue: Pick<NewsletterIssueSummary, "status" | "startedAt">): boolean {
  return issue.status === "sending" || issue.status === "sent" || issue.startedAt !== null;
}

/** "Sends Mar 5, 2026, 9:00 AM", "Sent …", "Edited …": the time that matters, in the team's zone. */
export function issueTimeLine(issue: NewsletterIssueSummary, timeZone: string): string {
  const at = (value: string) => formatDateTime(value, timeZone);
  switch (issue.status) {
    case "scheduled":
      return issue.scheduledFor ? `Sends ${at(issue.scheduledFor)}` : "Scheduled";
    case "sending":
      return issue.startedAt ? `Started ${at(issue.startedAt)}` : "Sending";
    case "sent":
      return `Sent ${at(issue.finishedAt ?? issue.startedAt ?? issue.updatedAt)}`;
    case "paused":
      return `Paused ${at(issue.updatedAt)}`;
    case "cancelled":
      return `Cancelled ${at(issue.updatedAt)}`;
    default:
      return `Edited ${at(issue.updatedAt)}`;
  }
}

/** "3 of 120 sent"; nothing before anyone was queued. */
export function sentLine(issue: Pick<NewsletterIssueSummary, "sent" | "recipients">): string | null {
  if (issue.recipients === 0) return null;
  return `${issue.sent.toLocaleString("en-US")} of ${issue.recipients.toLocaleString("en-US")} sent`;
}
