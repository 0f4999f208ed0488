// The profile's words and choices: name, handle, bio, genres, time zone, age, and who sees what.
// One Save for all of them; the server checks each field and names the ones it refuses.

import { AGE_CHOICES } from "@litverse/shared/constants";
import { SUGGESTED_GENRES } from "@litverse/shared/content";
import {
  BIO_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  FAVOURITE_GENRES_MAX,
  HANDLE_MAX_LENGTH,
  type MyProfile,
  PROFILE_SECTIONS,
  type ProfileSection,
  type Visibility,
} from "@litverse/shared/people";
import { type FormEvent, useMemo, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { ChipInput } from "../../components/ui/chip-input.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { useSaveProfile } from "./use-profile.ts";

const VISIBILITY_ITEMS: Array<{ value: Visibility; label: string }> = [
  { value: "public", label: "Everyone" },
  { value: "friends", label: "Friends" },
  { value: "private", label: "Only me" },
];
const SECTION_LABELS: Record<ProfileSection, { label: string; hint: string }> = {
  details: { label: "Profile details", hint: "Bio, favourite genres and when you joined." },
  activity: { label: "Reading activity", hint: "Minutes read and listened, ratings, what you are reading." },
  library: { label: "Library", hint: "The titles you follow and have finished." },
};
const AUTOMATIC_ZONE = "";
const AGE_LABELS: Record<(typeof AGE_CHOICES)[number], string> = {
  13: "13-15",
  16: "16-17",
  18: "18+",
};

function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return [];
  }
}

interface FormValues {
  displayName: string;
  handle: string;
  bio: string;
  favouriteGenres: string[];
  timeZone: string;
  age: string;
  visibility: Record<ProfileSection, Visibility>;
}

function valuesOf(profile: MyProfile): FormValues {
  return {
    displayName: profile.displayName ?? profile.providerName ?? "",
    handle: profile.person.handle ?? "",
    bio: profile.bio,
    favouriteGenres: profile.favouriteGenres,
    timeZone: profile.timeZone ?? AUTOMATIC_ZONE,
    age: profile.age === null ? "" : String(profile.age),
    visibility: profile.visibility,
  };
}

export function ProfileForm({ profile }: { profile: MyProfile }) {
  const [values, setValues] = useState(() => valuesOf(profile));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const { save, isSaving } = useSaveProfile();
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zoneItems = useMemo(
    () => [
      { value: AUTOMATIC_ZONE, label: `Automatic (${browserZone})` },
      ...timeZones().map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") })),
    ],
    [browserZone],
  );
  const ageItems = [
    ...(values.age === "" ? [{ value: "", label: "Not set" }] : []),
    ...AGE_CHOICES.map((age) => ({ value: String(age), label: AGE_LABELS[age] })),
  ];
  const set = <Key extends keyof FormValues>(key: Key, value: FormValues[Key]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(
      {
        displayName: values.displayName,
        ...(values.handle.trim() ? { handle: values.handle } : {}),
        bio: values.bio,
        favouriteGenres: values.favouriteGenres,
        timeZone: values.timeZone === AUTOMATIC_ZONE ? null : values.timeZone,
        ...(values.age ? { age: Number(values.age) as (typeof AGE_CHOICES)[number] } : {}),
        detailsVisibility: values.visibility.details,
        activityVisibility: values.visibility.activity,
        libraryVisibility: values.visibility.library,
      },
      {
        onSaved: (saved) => {
          setErrors({});
          setValues(valuesOf(saved));
        },
        onFailed: (details) => setErrors({ ...details.fieldErrors, form: [details.message] }),
      },
    );
  };
  const fieldErrorShown = Object.keys(errors).some((key) => key !== "form" && key !== "");

  return (
    <form onSubmit={submit} className="space-y-5" aria-label="Profile" noValidate>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Display name" required error={errors.displayName}>
          <Input
            value={values.displayName}
            onChange={(event) => set("displayName", event.target.value)}
            maxLength={DISPLAY_NAME_MAX_LENGTH}
            autoComplete="nickname"
          />
        </Field>
        <Field
          label="Handle"
          hint="Your address: /user/your_handle. Letters a to z, digits and _."
          error={errors.handle}
        >
          <Input
            value={values.handle}
            onChange={(event) => set("handle", event.target.value.toLowerCase())}
            maxLength={HANDLE_MAX_LENGTH}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
          />
        </Field>
      </div>
      <Field label="Bio" hint={`${values.bio.length} / ${BIO_MAX_LENGTH}`} error={errors.bio}>
        <Textarea
          value={values.bio}
          onChange={(event) => set("bio", event.target.value)}
          maxLength={BIO_MAX_LENGTH}
          rows={3}
        />
      </Field>
      <Field
        label="Favourite genres"
        hint={`Up to ${FAVOURITE_GENRES_MAX}. They help us suggest friends and titles.`}
        error={errors.favouriteGenres}
      >
        <ChipInput
          value={values.favouriteGenres}
          onValueChange={(genres) => set("favouriteGenres", genres)}
          suggestions={SUGGESTED_GENRES}
          max={FAVOURITE_GENRES_MAX}
          itemLabel="genre"
          placeholder="Add a genre"
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Time zone" hint="Dates and meeting times show in it." error={errors.timeZone}>
          <NativeSelect
            items={zoneItems}
            value={values.timeZone}
            onValueChange={(zone) => set("timeZone", zone)}
          />
        </Field>
        <Field label="Age" hint="Decides which titles you can open." error={errors.age}>
          <NativeSelect items={ageItems} value={values.age} onValueChange={(age) => set("age", age)} />
        </Field>
      </div>
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold">Who can see</legend>
        <div className="grid gap-5 sm:grid-cols-3">
          {PROFILE_SECTIONS.map((section) => (
            <Field key={section} label={SECTION_LABELS[section].label} hint={SECTION_LABELS[section].hint}>
              <NativeSelect
                items={VISIBILITY_ITEMS}
                value={values.visibility[section]}
                onValueChange={(visibility) =>
                  set("visibility", { ...values.visibility, [section]: visibility })
                }
              />
            </Field>
          ))}
        </div>
      </fieldset>
      {errors.form && !fieldErrorShown ? (
        <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
          {errors.form[0]}
        </p>
      ) : null}
      <Button type="submit" isLoading={isSaving}>
        Save profile
      </Button>
    </form>
  );
}
