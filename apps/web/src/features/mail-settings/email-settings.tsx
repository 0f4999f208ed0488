// The email card of /settings/profile: the address and whether it is confirmed (with the link sent
// again), a change waiting for its link, why bulk mail no longer reaches the address, and what the
// person chooses to receive. Each choice is saved as it is made.
import { PRODUCT_NAME } from "@litverse/shared/constants";
import {
  DIGEST_FREQUENCIES,
  type DigestFrequency,
  type EmailSettings as Settings,
  SUPPRESSION_REASON_LABELS,
} from "@litverse/shared/mail";
import { CircleAlert, Mail } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { ChangeAddressDialog } from "./change-address-dialog.tsx";
import {
  useEmailSettings,
  useResendVerification,
  useSetEmailChoice,
  useSetNewsletter,
} from "./use-email-settings.ts";

const DIGEST_LABELS: Record<DigestFrequency, string> = {
  off: "Off",
  daily: "Daily",
  weekly: "Weekly",
};

const NEWSLETTER_LINES: Record<Settings["newsletter"], string> = {
  none: "News, new titles and offers, now and then. We send a link to confirm.",
  pending: "Check your inbox to confirm.",
  confirmed: "You get it. Every issue has a link to stop.",
};

export function EmailSettings() {
  const settings = useEmailSettings();
  if (settings.isError && !settings.data) {
    return (
      <ErrorState
        title="Could not load your email settings"
        error={settings.error}
        onRetry={() => void settings.refetch()}
        isRetrying={settings.isFetching}
      />
    );
  }
  if (!settings.data) {
    return (
      <div role="status" aria-label="Loading your email settings" className="space-y-3">
        <Skeleton className="h-20 w-full rounded-xl" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  return <EmailSettingsForm settings={settings.data} />;
}

function EmailSettingsForm({ settings }: { settings: Settings }) {
  const setChoice = useSetEmailChoice();
  const newsletter = useSetNewsletter();
  return (
    <div className="space-y-5" data-testid="email-settings">
      <AddressPanel settings={settings} />
      {settings.suppressed ? (
        <p
          className="flex items-start gap-2 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:bg-rose-400/10 dark:text-rose-200"
          data-testid="email-suppressed"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            Bulk mail no longer goes to this address: {SUPPRESSION_REASON_LABELS[settings.suppressed.reason]}.{" "}
            <Link to="/support" className="font-medium underline">
              Contact support
            </Link>{" "}
            if that is wrong.
          </span>
        </p>
      ) : null}
      <div className="space-y-4">
        <Switch
          label="Moderation decisions and appeal outcomes"
          description="Why something of yours was limited or removed, and what came of an appeal."
          checked={settings.moderation}
          onCheckedChange={(moderation) => setChoice({ moderation })}
        />
        <Switch
          label="Answers to your support tickets when you are away"
          description="When you are not on Litverse as the answer arrives."
          checked={settings.support}
          onCheckedChange={(support) => setChoice({ support })}
        />
        <Field label="Digest of unread notifications" hint="What you missed, when there is something.">
          <NativeSelect<DigestFrequency>
            items={DIGEST_FREQUENCIES.map((value) => ({ value, label: DIGEST_LABELS[value] }))}
            value={settings.digest}
            onValueChange={(digest) => setChoice({ digest })}
            className="max-w-48"
          />
        </Field>
        <Checkbox
          label={`The ${PRODUCT_NAME} newsletter`}
          description={NEWSLETTER_LINES[settings.newsletter]}
          checked={settings.newsletter !== "none"}
          disabled={newsletter.isPending}
          onCheckedChange={(checked) => newsletter.set(checked === true)}
        />
        {settings.address !== null && !settings.verified ? (
          <p
            className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground"
            data-testid="bulk-needs-confirmed"
          >
            Digests and the newsletter only go to a confirmed address: confirm yours to receive them.
          </p>
        ) : settings.address === null ? (
          <p className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
            Without an address, nothing can be sent to you by email.
          </p>
        ) : null}
      </div>
    </div>
  );
}

function AddressPanel({ settings }: { settings: Settings }) {
  const [isChanging, setIsChanging] = useState(false);
  const { resend, isSending } = useResendVerification();
  const { address, verified, pendingAddress, canChangeAddress } = settings;
  // Only the platform's own accounts get their link from us; other providers confirm addresses themselves.
  const canResend = address !== null && !verified && canChangeAddress;
  return (
    <div className="flex items-start gap-3 rounded-xl border border-border p-4">
      <Mail className="mt-0.5 size-5 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-medium wrap-anywhere" data-testid="email-address">
              {address ?? "No address"}
            </p>
            {address ? (
              <Badge variant={verified ? "success" : "warning"} data-testid="email-verified">
                {verified ? "Confirmed" : "Not confirmed"}
              </Badge>
            ) : null}
          </div>
          {address === null ? (
            <p className="text-sm text-muted-foreground">Your sign-in provider gave us no address.</p>
          ) : !verified ? (
            <p className="text-sm text-muted-foreground">
              {canChangeAddress
                ? "Follow the link we sent to this address to confirm it."
                : "Your sign-in provider has not confirmed this address."}
            </p>
          ) : null}
          {pendingAddress ? (
            <p className="text-sm" data-testid="email-pending">
              We sent a link to <span className="font-medium wrap-anywhere">{pendingAddress}</span>; follow it
              to switch.
            </p>
          ) : null}
          {!canChangeAddress && address !== null ? (
            <p className="text-xs text-muted-foreground">Your sign-in provider manages your address.</p>
          ) : null}
        </div>
        {canResend || canChangeAddress ? (
          <div className="flex flex-wrap gap-2">
            {canResend ? (
              <Button variant="secondary" size="sm" onClick={resend} isLoading={isSending}>
                Send the link again
              </Button>
            ) : null}
            {canChangeAddress ? (
              <Button variant="secondary" size="sm" onClick={() => setIsChanging(true)}>
                Change address
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {canChangeAddress ? (
        <ChangeAddressDialog open={isChanging} onOpenChange={setIsChanging} current={address} />
      ) : null}
    </div>
  );
}
