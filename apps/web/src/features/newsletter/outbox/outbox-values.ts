// How a message's state reads in the outbox.
import type { MailStatus } from "@litverse/shared/mail";
import type { BadgeVariant } from "../../../components/ui/badge.tsx";

export const MAIL_STATUS_BADGES: Record<MailStatus, { label: string; variant: BadgeVariant }> = {
  queued: { label: "Queued", variant: "neutral" },
  sending: { label: "Sending", variant: "warning" },
  sent: { label: "Sent", variant: "success" },
  failed: { label: "Failed", variant: "danger" },
  skipped: { label: "Skipped", variant: "neutral" },
};
