// Sending an issue: now, or at a date and time on the team's clock (whatever zone this device is
// in), then a second step that names how many people it goes to before anything is sent.
import type { NewsletterSegment } from "@litverse/shared/mail";
import { scheduleIssueInput } from "@litverse/shared/mail-inputs";
import { type FormEvent, useEffect, useId, useState } from "react";
import { ChoiceGroup } from "../../../components/ui/choice-group.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form-dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { describeError } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import {
  suggestedSendAt,
  type ZonedDateTime,
  zonedParts,
  zonedToInstant,
  zoneLabel,
} from "../schedule-time.ts";
import { useScheduleIssue } from "../use-newsletter.ts";
import { peopleCount } from "./audience-section.tsx";
import { useAudienceEstimate } from "./use-composer-queries.ts";

type When = "now" | "later";

export function ScheduleDialog({
  open,
  onOpenChange,
  issue,
  timeZone,
  segment,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  issue: { _id: string; subject: string; scheduledFor: string | null };
  timeZone: string;
  segment: NewsletterSegment | null;
}) {
  const formId = useId();
  const schedule = useScheduleIssue();
  const estimate = useAudienceEstimate(open ? segment : null);
  const [when, setWhen] = useState<When>("later");
  const [sendAt, setSendAt] = useState<ZonedDateTime>(() => suggestedSendAt(new Date(), timeZone));
  const [step, setStep] = useState<"choose" | "confirm">("choose");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  // Each opening starts from the issue's own time, or the next whole hour.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the dialog opens
  useEffect(() => {
    if (!open) return;
    setStep("choose");
    setErrors({});
    setMessage(null);
    setWhen("later");
    setSendAt(
      issue.scheduledFor
        ? zonedPartsOrSuggestion(issue.scheduledFor, timeZone)
        : suggestedSendAt(new Date(), timeZone),
    );
  }, [open]);

  const instant = when === "later" ? zonedToInstant(sendAt, timeZone) : null;
  const people = estimate.data ? peopleCount(estimate.data.people) : null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step === "choose") {
      const checked = scheduleIssueInput.safeParse({
        issueId: issue._id,
        sendAt: when === "now" ? null : sendAt,
      });
      if (!checked.success) {
        const found: Record<string, string[]> = {};
        for (const issue of checked.error.issues) {
          const key = String(issue.path.at(-1) ?? "form");
          found[key] = [...(found[key] ?? []), issue.message];
        }
        setErrors(found);
        return;
      }
      if (when === "later" && (!instant || instant.getTime() <= Date.now())) {
        setErrors({ time: ["That time has passed: choose a later one, or send now."] });
        return;
      }
      setErrors({});
      setMessage(null);
      setStep("confirm");
      return;
    }
    setIsSending(true);
    try {
      await schedule(issue._id, when === "now" ? null : sendAt);
      onOpenChange(false);
    } catch (error) {
      const details = describeError(error, "Could not schedule the issue.");
      setMessage(details.message);
      setStep("choose");
    } finally {
      setIsSending(false);
    }
  };

  const zone = zoneLabel(timeZone);
  const confirmTitle =
    when === "now"
      ? `Send “${issue.subject}” now?`
      : `Send “${issue.subject}” on ${instant ? formatDateTime(instant, timeZone) : ""}?`;
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !isSending && onOpenChange(next)}
      title={step === "choose" ? "Schedule the issue" : confirmTitle}
      description={
        step === "choose"
          ? `Times are on the team's clock: ${zone}.`
          : when === "now"
            ? `It goes to ${people ?? "everyone in its audience"} at once. Sending can be paused or cancelled, but what has gone out stays sent.`
            : `It would go to ${people ?? "everyone in its audience"} if it went now; the audience is counted again when it goes (${zone}).`
      }
      submitLabel={
        step === "choose"
          ? "Continue"
          : when === "now"
            ? `Send now${people ? ` to ${people}` : ""}`
            : `Schedule${people ? ` for ${people}` : ""}`
      }
      isPending={isSending}
      isCancelDisabled={isSending}
      onCancel={step === "confirm" ? () => setStep("choose") : undefined}
      error={message}
      form={{ id: formId, className: "space-y-4", onSubmit: submit }}
    >
      {step === "choose" ? (
        <>
          <ChoiceGroup<When>
            legend="When"
            choices={[
              { value: "later", label: "At a date and time", hint: `On the team's clock (${zone}).` },
              { value: "now", label: "Send now", hint: "Sending starts as soon as you confirm." },
            ]}
            value={when}
            onChange={setWhen}
            className="sm:grid-cols-2"
          />
          {when === "later" ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Date" hint={zone} error={errors.date} required>
                <Input
                  type="date"
                  value={sendAt.date}
                  onChange={(event) => setSendAt((current) => ({ ...current, date: event.target.value }))}
                />
              </Field>
              <Field label="Time" hint={zone} error={errors.time} required>
                <Input
                  type="time"
                  value={sendAt.time}
                  onChange={(event) => setSendAt((current) => ({ ...current, time: event.target.value }))}
                />
              </Field>
            </div>
          ) : null}
        </>
      ) : (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-400/10 dark:text-amber-100">
          {people
            ? `${people} ${estimate.data?.people === 1 ? "is" : "are"} in its audience now.`
            : "Counting its audience…"}
        </p>
      )}
    </FormDialog>
  );
}

function zonedPartsOrSuggestion(iso: string, timeZone: string): ZonedDateTime {
  const date = new Date(iso);
  const isAhead = !Number.isNaN(date.getTime()) && date.getTime() > Date.now();
  return isAhead ? zonedParts(date, timeZone) : suggestedSendAt(new Date(), timeZone);
}
