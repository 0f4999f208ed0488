// The fields of a club, for creating one and for its moderators' changes: name, description, rules,
// privacy and room, with the server's own limits and errors shown at each field.
import {
  CLUB_DESCRIPTION_MAX_LENGTH,
  CLUB_MEMBER_LIMIT_MAX,
  CLUB_NAME_MAX_LENGTH,
  CLUB_PRIVACIES,
  CLUB_PRIVACY_LABELS,
  CLUB_RULES_MAX_LENGTH,
  type ClubPrivacy,
} from "@litverse/shared/clubs";
import { useId } from "react";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { PRIVACY_ICONS } from "./club-card.tsx";

export interface ClubFormValues {
  name: string;
  description: string;
  rules: string;
  privacy: ClubPrivacy;
  memberLimit: number;
}

const PRIVACY_HINTS: Record<ClubPrivacy, string> = {
  public: "Anyone can find it, read it and join.",
  private: "Anyone can find it; moderators approve who joins.",
  secret: "Only people invited, or with the link, can find it.",
};

export function ClubFormFields({
  values,
  onChange,
  errors,
}: {
  values: ClubFormValues;
  onChange: (values: ClubFormValues) => void;
  errors: Record<string, string[] | undefined>;
}) {
  const groupId = useId();
  const set = <K extends keyof ClubFormValues>(key: K, value: ClubFormValues[K]) =>
    onChange({ ...values, [key]: value });
  return (
    <div className="space-y-4">
      <Field label="Name" error={errors.name} required>
        <Input
          value={values.name}
          maxLength={CLUB_NAME_MAX_LENGTH}
          onChange={(event) => set("name", event.target.value)}
        />
      </Field>
      <Field label="What the club is about" error={errors.description}>
        <Textarea
          value={values.description}
          rows={3}
          maxLength={CLUB_DESCRIPTION_MAX_LENGTH}
          onChange={(event) => set("description", event.target.value)}
        />
      </Field>
      <Field label="Rules" hint="Shown to everyone who joins." error={errors.rules}>
        <Textarea
          value={values.rules}
          rows={3}
          maxLength={CLUB_RULES_MAX_LENGTH}
          onChange={(event) => set("rules", event.target.value)}
        />
      </Field>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Who can join</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {CLUB_PRIVACIES.map((privacy) => {
            const Icon = PRIVACY_ICONS[privacy];
            return (
              <label
                key={privacy}
                className="flex cursor-pointer flex-col gap-1 rounded-xl border border-border p-3 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-brand-500/10"
              >
                <span className="flex items-center gap-2 font-medium">
                  <input
                    type="radio"
                    name={`${groupId}-privacy`}
                    value={privacy}
                    checked={values.privacy === privacy}
                    onChange={() => set("privacy", privacy)}
                    className="size-4 accent-brand-600"
                  />
                  <Icon className="size-4" aria-hidden />
                  {CLUB_PRIVACY_LABELS[privacy]}
                </span>
                <span className="text-muted-foreground">{PRIVACY_HINTS[privacy]}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <Field label="Room for members" hint={`From 2 to ${CLUB_MEMBER_LIMIT_MAX}.`} error={errors.memberLimit}>
        <Input
          type="number"
          inputMode="numeric"
          min={2}
          max={CLUB_MEMBER_LIMIT_MAX}
          value={values.memberLimit}
          onChange={(event) => set("memberLimit", Number(event.target.value))}
          className="w-32"
        />
      </Field>
    </div>
  );
}
