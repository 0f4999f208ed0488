// Reporting anything a person can write or upload (a profile or its picture, a message, a club post
// or poll, a reel or its comment, a story, a title): what is wrong, from the shared categories, and
// a few words if they help. The report goes to the moderators' queue; reporting the same thing
// again changes nothing.
import {
  type ModerationKind,
  REPORT_CATEGORIES,
  REPORT_CATEGORY_LABELS,
  REPORT_DETAILS_MAX_LENGTH,
  type ReportCategory,
} from "@litverse/shared/moderation";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { type ReportTarget, useSendReport } from "./use-send-report.ts";

export function ReportDialog({
  target,
  open,
  onOpenChange,
}: {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [category, setCategory] = useState<ReportCategory | null>(null);
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [detailsError, setDetailsError] = useState<string | null>(null);
  const { send, isPending } = useSendReport(target);
  const groupId = useId();

  const submit = async () => {
    if (!category) {
      setError("Choose what is wrong.");
      return;
    }
    setDetailsError(null);
    await send(category, details, {
      onSent: () => {
        onOpenChange(false);
        setCategory(null);
        setDetails("");
        setError(null);
      },
      onFailed: (failure) => {
        setDetailsError(failure.fieldErrors.details?.[0] ?? null);
        setError(failure.message);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={reportTitle(target.kind, target.name)}
        description="Reports are private: nobody is told who sent them."
        footer={
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void submit()} isLoading={isPending}>
              Send report
            </Button>
          </>
        }
      >
        <fieldset className="space-y-1.5" aria-describedby={error ? `${groupId}-error` : undefined}>
          <legend className="mb-2 text-sm font-medium">What is wrong?</legend>
          {REPORT_CATEGORIES.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-brand-500/10"
            >
              <input
                type="radio"
                name={`${groupId}-category`}
                value={value}
                checked={category === value}
                onChange={() => setCategory(value)}
                className="size-4 accent-brand-600"
              />
              {REPORT_CATEGORY_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <Field label="More details (optional)" className="mt-4" error={detailsError}>
          <Textarea
            value={details}
            maxLength={REPORT_DETAILS_MAX_LENGTH}
            rows={3}
            onChange={(event) => setDetails(event.target.value)}
          />
        </Field>
        {error ? (
          <p id={`${groupId}-error`} role="alert" className="mt-3 text-sm text-rose-700 dark:text-rose-300">
            {error}
          </p>
        ) : null}
        {/* A notice under the law asks for more than a report, and needs no account. */}
        <p className="mt-4 text-xs text-muted-foreground">
          Is it illegal where you live?{" "}
          <Link
            to="/report-illegal-content"
            className="font-medium text-brand-700 underline dark:text-brand-100"
          >
            Send a notice of illegal content
          </Link>
          .
        </p>
      </DialogContent>
    </Dialog>
  );
}

const TITLES: Record<ModerationKind, string> = {
  profile: "Report this profile",
  profile_picture: "Report this profile picture",
  message: "Report this message",
  club_post: "Report this post",
  club_poll: "Report this poll",
  reel: "Report this reel",
  reel_comment: "Report this comment",
  story: "Report this story",
  title: "Report this title",
  ad: "Report this ad",
  // Only notices name an address; nothing in the app reports one.
  address: "Report this address",
};

function reportTitle(kind: ModerationKind, name: string | undefined): string {
  if (name && kind === "profile") return `Report ${name}`;
  if (name && kind === "profile_picture") return `Report ${name}'s profile picture`;
  return TITLES[kind];
}
