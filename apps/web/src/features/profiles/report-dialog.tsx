// Reporting a person, a message, a club post or a reel's comment: a reason from the shared list, a few words if they help. The
// report goes to the moderators' queue; reporting the same thing again changes nothing.
import { REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from "@litverse/shared/people";
import { type ReactNode, useId, useState } from "react";
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
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { send, isPending } = useSendReport(target);
  const groupId = useId();

  const submit = async () => {
    if (!reason) {
      setError("Choose what is wrong.");
      return;
    }
    await send(reason, details, {
      onSent: () => {
        onOpenChange(false);
        setReason(null);
        setDetails("");
        setError(null);
      },
      onFailed: setError,
    });
  };

  const title: ReactNode =
    target.kind === "user"
      ? `Report ${target.name}`
      : target.kind === "message"
        ? "Report this message"
        : target.kind === "reel_comment"
          ? "Report this comment"
          : "Report this post";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={title}
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
          {REPORT_REASONS.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-brand-500/10"
            >
              <input
                type="radio"
                name={`${groupId}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="size-4 accent-brand-600"
              />
              {REPORT_REASON_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <Field label="More details (optional)" className="mt-4">
          <Textarea
            value={details}
            maxLength={1000}
            rows={3}
            onChange={(event) => setDetails(event.target.value)}
          />
        </Field>
        {error ? (
          <p id={`${groupId}-error`} role="alert" className="mt-3 text-sm text-rose-700 dark:text-rose-300">
            {error}
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
