// Who the issue goes to, among the people who confirmed the newsletter: a kind of audience and its
// one field, and how many people it holds now (kept live, once the audience is complete).
import { NEWSLETTER_SEGMENT_KINDS, type NewsletterSegmentKind } from "@litverse/shared/mail";
import { Users } from "lucide-react";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { checkedSegment, type FormErrors, type SegmentValues } from "./composer-values.ts";
import { TitlePicker } from "./title-picker.tsx";
import { useAudienceEstimate, useAudienceOptions } from "./use-composer-queries.ts";

const KIND_LABELS: Record<NewsletterSegmentKind, string> = {
  everyone: "Everyone who opted in",
  genre: "Readers of a genre",
  followers: "Followers of a title",
  unlocked_not_next: "Stopped after an unlocked episode",
  inactive: "Away for a while",
  plan: "Subscribers to a plan",
  coins_below: "Low on coins",
};

const KIND_HINTS: Record<NewsletterSegmentKind, string> = {
  everyone: "Everyone who confirmed the newsletter and can receive it.",
  genre: "Read an episode of a title in this genre in the last 90 days.",
  followers: "Follow this title.",
  unlocked_not_next: "Unlocked this episode of the title but not the one after it.",
  inactive: "Have not used Litverse for at least this many days.",
  plan: "Have a running subscription to this plan.",
  coins_below: "Hold fewer coins than this.",
};

export function AudienceSection({
  segment,
  errors,
  disabled,
  onChange,
}: {
  segment: SegmentValues;
  errors: FormErrors;
  disabled: boolean;
  onChange: (change: Partial<SegmentValues>) => void;
}) {
  const options = useAudienceOptions();
  const complete = checkedSegment(segment);
  const estimate = useAudienceEstimate(disabled ? null : complete);
  const errorsOf = (field: string) => errors[`segment.${field}`];
  const genres = options.data?.genres ?? [];
  const plans = options.data?.plans ?? [];

  return (
    <section aria-labelledby="audience-heading" className="space-y-3">
      <h2 id="audience-heading" className="text-base font-semibold">
        Audience
      </h2>
      <Field label="Who it goes to" hint={KIND_HINTS[segment.kind]} error={errorsOf("kind")}>
        <NativeSelect<NewsletterSegmentKind>
          items={NEWSLETTER_SEGMENT_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
          value={segment.kind}
          disabled={disabled}
          onValueChange={(kind) => onChange({ kind })}
        />
      </Field>
      {segment.kind === "genre" ? (
        <Field label="Genre" error={errorsOf("genre")} required>
          <NativeSelect
            items={[
              { value: "", label: options.data ? "Choose a genre" : "Finding the genres…", disabled: true },
              ...genres.map((genre) => ({ value: genre, label: genre })),
            ]}
            value={segment.genre}
            disabled={disabled}
            onValueChange={(genre) => onChange({ genre })}
          />
        </Field>
      ) : segment.kind === "followers" || segment.kind === "unlocked_not_next" ? (
        <>
          <TitlePicker
            label="Title"
            titleId={segment.titleId}
            title={segment.title}
            disabled={disabled}
            error={errorsOf("titleId")}
            onPick={(title) => onChange({ titleId: title?._id ?? "", title })}
          />
          {segment.kind === "unlocked_not_next" ? (
            <Field label="Episode unlocked" error={errorsOf("episodeNumber")} required>
              <Input
                inputMode="numeric"
                value={segment.episodeNumber}
                disabled={disabled}
                className="max-w-32"
                onChange={(event) => onChange({ episodeNumber: event.target.value })}
              />
            </Field>
          ) : null}
        </>
      ) : segment.kind === "inactive" ? (
        <Field label="Days away" error={errorsOf("days")} required>
          <Input
            inputMode="numeric"
            value={segment.days}
            disabled={disabled}
            className="max-w-32"
            onChange={(event) => onChange({ days: event.target.value })}
          />
        </Field>
      ) : segment.kind === "plan" ? (
        <Field label="Plan" error={errorsOf("planId")} required>
          <NativeSelect
            items={[
              { value: "", label: options.data ? "Choose a plan" : "Finding the plans…", disabled: true },
              ...plans.map((plan) => ({ value: plan._id, label: plan.name })),
            ]}
            value={segment.planId}
            disabled={disabled}
            onValueChange={(planId) => onChange({ planId })}
          />
        </Field>
      ) : segment.kind === "coins_below" ? (
        <Field label="Fewer coins than" error={errorsOf("coins")} required>
          <Input
            inputMode="numeric"
            value={segment.coins}
            disabled={disabled}
            className="max-w-40"
            onChange={(event) => onChange({ coins: event.target.value })}
          />
        </Field>
      ) : null}
      {disabled ? null : (
        <p
          className="flex items-center gap-2 rounded-lg bg-muted px-3 py-2 text-sm"
          aria-live="polite"
          data-testid="audience-estimate"
        >
          <Users className="size-4 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
          {!complete ? (
            <span className="text-muted-foreground">
              Complete the audience to see how many people it holds.
            </span>
          ) : estimate.isError && !estimate.data ? (
            <span className="text-muted-foreground">Could not count the audience.</span>
          ) : !estimate.data ? (
            <span className="text-muted-foreground">Counting…</span>
          ) : (
            <span>
              <strong className="font-semibold">{peopleCount(estimate.data.people)}</strong>
              {complete.kind === "everyone"
                ? " would receive it now."
                : ` would receive it now, of ${estimate.data.inSegment.toLocaleString("en-US")} who match this audience.`}
            </span>
          )}
        </p>
      )}
    </section>
  );
}

/** "1 person", "1,204 people". */
export function peopleCount(people: number): string {
  return `${people.toLocaleString("en-US")} ${people === 1 ? "person" : "people"}`;
}
