// The fields of a club, for creating one and for its owner's changes: name, cover, description,
// rules, privacy and room, with the server's own limits and errors shown at each field.
import {
  CLUB_DESCRIPTION_MAX_LENGTH,
  CLUB_MEMBER_LIMIT_MAX,
  CLUB_NAME_MAX_LENGTH,
  CLUB_PRIVACIES,
  CLUB_PRIVACY_LABELS,
  CLUB_RULES_MAX_LENGTH,
  type ClubPrivacy,
} from "@litverse/shared/clubs";
import { useEffect, useId, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { toastError } from "../../lib/errors.ts";
import { MAX_PICTURE_BYTES, uploadFiles } from "../../lib/uploads.ts";
import { PRIVACY_ICONS } from "./club-card.tsx";

export interface ClubFormValues {
  name: string;
  description: string;
  rules: string;
  privacy: ClubPrivacy;
  memberLimit: number;
  /** A new cover to upload; null keeps the one there is. */
  coverFile: File | null;
  /** Take the cover off. */
  removeCover: boolean;
}

/** The cover part of a club's changes: a new picture's upload, its removal, or nothing. */
export async function coverChange(
  values: ClubFormValues,
  accessToken: string | undefined,
): Promise<{ coverUploadId?: string | null }> {
  if (values.coverFile)
    return { coverUploadId: (await uploadFiles([values.coverFile], accessToken)).uploadId };
  return values.removeCover ? { coverUploadId: null } : {};
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
  currentCoverUrl = null,
}: {
  values: ClubFormValues;
  onChange: (values: ClubFormValues) => void;
  errors: Record<string, string[] | undefined>;
  currentCoverUrl?: string | null;
}) {
  const groupId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!values.coverFile) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(values.coverFile);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [values.coverFile]);
  const shownCover = preview ?? (values.removeCover ? null : currentCoverUrl);
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
      <Field
        label="Cover picture"
        hint="A wide picture works best; up to 10 MB."
        error={errors.coverUploadId}
      >
        {(control) => (
          <div className="flex flex-wrap items-center gap-3">
            {shownCover ? (
              <img src={shownCover} alt="" className="h-16 w-28 rounded-lg object-cover" />
            ) : null}
            <input
              {...control}
              type="file"
              accept="image/*"
              className="text-sm file:mr-3 file:rounded-lg file:border file:border-border file:bg-card file:px-3 file:py-1.5 file:text-sm"
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                if (file && file.size > MAX_PICTURE_BYTES) {
                  toastError(new Error("That picture is larger than 10 MB."));
                  event.target.value = "";
                  return;
                }
                onChange({ ...values, coverFile: file, removeCover: false });
              }}
            />
            {shownCover ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => onChange({ ...values, coverFile: null, removeCover: true })}
              >
                Remove
              </Button>
            ) : null}
          </div>
        )}
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
