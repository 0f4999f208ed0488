// A person's email on their page: the address and whether it is confirmed, what they receive, and
// whether bounces or a spam complaint hold bulk mail back, which a superadmin can lift.
import { SUPPRESSION_REASON_LABELS } from "@litverse/shared/mail";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { AccountActionDialog } from "./account-action-dialog.tsx";
import { SectionCard } from "./section-card.tsx";
import { type PersonRecordSent, useLiftEmailSuppression } from "./use-person.ts";

const NEWSLETTER_LABELS = {
  none: "Not subscribed",
  pending: "Asked, not confirmed yet",
  confirmed: "Subscribed",
};
const DIGEST_LABELS = { off: "Off", daily: "Daily", weekly: "Weekly" };

export function EmailSection({ record }: { record: PersonRecordSent }) {
  const { email } = record;
  const [isLifting, setIsLifting] = useState(false);
  const lift = useLiftEmailSuppression(record.listing.id);
  const facts: Array<[string, string]> = [
    ["Address", email.address ?? "None"],
    ["Confirmed", email.address ? (email.verified ? "Yes" : "Not yet") : "—"],
    ["Newsletter", NEWSLETTER_LABELS[email.newsletter]],
    ["Digest", DIGEST_LABELS[email.digest]],
    ["Messages sent to them", email.messages.toLocaleString("en-US")],
  ];
  return (
    <SectionCard title="Email">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {email.suppressed ? (
        <div
          className="mt-4 space-y-2 rounded-lg border border-border p-3 text-sm"
          data-testid="email-suppressed"
        >
          <p className="font-semibold">
            Bulk mail held back: {SUPPRESSION_REASON_LABELS[email.suppressed.reason]}
          </p>
          <p className="text-muted-foreground">
            Reported by {email.suppressed.source} on {new Date(email.suppressed.at).toLocaleDateString()}
            {email.suppressed.detail ? `: ${email.suppressed.detail}` : "."}
          </p>
          <Button variant="secondary" size="sm" onClick={() => setIsLifting(true)}>
            Let mail through again
          </Button>
        </div>
      ) : null}
      {isLifting ? (
        <AccountActionDialog
          onClose={() => setIsLifting(false)}
          title="Let mail through again?"
          description="Newsletters and digests go to this address again. Do this only when the person asks and the address works."
          submitLabel="Let mail through"
          failureMessage="Could not let mail through."
          onConfirm={lift}
        />
      ) : null}
    </SectionCard>
  );
}
