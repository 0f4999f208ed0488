// A title's details. Only the fields changed here are sent; the others keep following the server,
// so another admin's edit to a field left alone shows at once and is not overwritten.
import { AGE_CHOICES, type Age } from "@litverse/shared/constants";
import {
  ACCESS_TYPES,
  type AccessType,
  type AdminContentDetail,
  READING_DIRECTIONS,
  RELEASE_STATUSES,
  type ReadingDirection,
  type ReleaseStatus,
  SUGGESTED_GENRES,
  WRITING_MODES,
  type WritingMode,
} from "@litverse/shared/content";
import { updateContentInput } from "@litverse/shared/content-inputs";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { ChipInput } from "../../components/ui/chip-input.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { dataFieldErrors, type FieldErrors } from "../../lib/form-errors.ts";
import { useLeaveWarning } from "../../lib/use-leave-warning.ts";
import {
  ACCESS_LABELS,
  READING_DIRECTION_LABELS,
  RELEASE_STATUS_LABELS,
  selectItems,
  WRITING_MODE_LABELS,
} from "./labels.ts";
import { useSaveTitleDetails } from "./use-title-changes.ts";

interface Fields {
  title: string;
  author: string;
  description: string;
  genres: string[];
  tags: string[];
  /** "" for none. */
  language: string;
  ageRating: Age;
  accessType: AccessType;
  releaseStatus: ReleaseStatus;
  /** "" for none. */
  releaseSchedule: string;
  readingDirection: ReadingDirection;
  writingMode: WritingMode;
}

function fieldsOf(detail: AdminContentDetail): Fields {
  return {
    title: detail.title,
    author: detail.author,
    description: detail.description,
    genres: detail.genres,
    tags: detail.tags,
    language: detail.language ?? "",
    ageRating: detail.ageRating,
    accessType: detail.accessType,
    releaseStatus: detail.releaseStatus,
    releaseSchedule: detail.releaseSchedule ?? "",
    readingDirection: detail.readingDirection,
    writingMode: detail.writingMode,
  };
}

const isSame = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const AGE_ITEMS = AGE_CHOICES.map((age) => ({ value: String(age), label: `${age}+` }));
const normalizeLabel = (text: string) => text.trim().toLowerCase().slice(0, 40);

export function MetadataForm({ detail }: { detail: AdminContentDetail }) {
  const server = fieldsOf(detail);
  const [draft, setDraft] = useState<Partial<Fields>>({});
  /** What the server held when each field was first edited here. */
  const [bases, setBases] = useState<Partial<Fields>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const { save, isPending } = useSaveTitleDetails();

  const value = <Key extends keyof Fields>(key: Key): Fields[Key] =>
    key in draft ? (draft[key] as Fields[Key]) : server[key];
  const set = <Key extends keyof Fields>(key: Key, next: Fields[Key]) => {
    setDraft((current) => ({ ...current, [key]: next }));
    if (!(key in bases)) setBases((current) => ({ ...current, [key]: server[key] }));
    if (errors[key]) setErrors(({ [key]: _removed, ...rest }) => rest);
  };
  const changedKeys = (Object.keys(draft) as Array<keyof Fields>).filter(
    (key) => !isSame(draft[key], server[key]),
  );
  const isDirty = changedKeys.length > 0;
  useLeaveWarning(isDirty);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isDirty) return;
    const data: Record<string, unknown> = {};
    for (const key of changedKeys) {
      const next = draft[key];
      data[key] = (key === "language" || key === "releaseSchedule") && next === "" ? null : next;
    }
    const parsed = updateContentInput.safeParse({ id: detail._id, data });
    if (!parsed.success) {
      setErrors(dataFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await save(parsed.data, {
      onSaved: () => {
        setDraft({});
        setBases({});
      },
      onFailed: setErrors,
    });
  };

  /** A field whose saved value changed under an edit here: the edit stands, but say so. */
  const changedElsewhere = (key: keyof Fields) =>
    key in draft && key in bases && !isSame(server[key], bases[key]) ? (
      <span className="text-amber-700 dark:text-amber-300">Someone else changed this meanwhile.</span>
    ) : undefined;

  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Details</CardTitle>
          <CardDescription>What readers see on the title's page and in search.</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-5"
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-label="Title details"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Title" required error={errors.title} hint={changedElsewhere("title")}>
              <Input
                value={value("title")}
                onChange={(event) => set("title", event.target.value)}
                maxLength={200}
              />
            </Field>
            <Field label="Author" required error={errors.author} hint={changedElsewhere("author")}>
              <Input
                value={value("author")}
                onChange={(event) => set("author", event.target.value)}
                maxLength={200}
              />
            </Field>
          </div>
          <Field
            label="Description"
            error={errors.description}
            hint={changedElsewhere("description") ?? `${value("description").length} / 5000`}
          >
            <Textarea
              value={value("description")}
              onChange={(event) => set("description", event.target.value)}
              maxLength={5000}
              rows={5}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Genres" error={errors.genres} hint="Type, or pick a suggestion; Enter adds.">
              <ChipInput
                value={value("genres")}
                onValueChange={(next) => set("genres", next)}
                suggestions={SUGGESTED_GENRES}
                normalize={normalizeLabel}
                max={20}
                itemLabel="genre"
                placeholder="Add a genre"
              />
            </Field>
            <Field label="Tags" error={errors.tags} hint="Words readers might search for.">
              <ChipInput
                value={value("tags")}
                onValueChange={(next) => set("tags", next)}
                normalize={normalizeLabel}
                max={20}
                itemLabel="tag"
                placeholder="Add a tag"
              />
            </Field>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Age rating" error={errors.ageRating}>
              <Select
                items={AGE_ITEMS}
                value={String(value("ageRating"))}
                onValueChange={(next) => set("ageRating", Number(next) as Age)}
              />
            </Field>
            <Field label="Access" error={errors.accessType} hint="Premium and VVIP need a subscription.">
              <Select<AccessType>
                items={selectItems(ACCESS_TYPES, ACCESS_LABELS)}
                value={value("accessType")}
                onValueChange={(next) => set("accessType", next)}
              />
            </Field>
            <Field label="Language" error={errors.language} hint="A code such as en or pt-BR.">
              <Input
                value={value("language")}
                onChange={(event) => set("language", event.target.value)}
                placeholder="en"
                maxLength={35}
                autoCapitalize="none"
                spellCheck={false}
              />
            </Field>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Release status" error={errors.releaseStatus}>
              <Select<ReleaseStatus>
                items={selectItems(RELEASE_STATUSES, RELEASE_STATUS_LABELS)}
                value={value("releaseStatus")}
                onValueChange={(next) => set("releaseStatus", next)}
              />
            </Field>
            <Field
              label="Release schedule"
              error={errors.releaseSchedule}
              hint="Shown to readers, e.g. “Every Friday”."
            >
              <Input
                value={value("releaseSchedule")}
                onChange={(event) => set("releaseSchedule", event.target.value)}
                maxLength={120}
              />
            </Field>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Reading direction" error={errors.readingDirection}>
              <Select<ReadingDirection>
                items={selectItems(READING_DIRECTIONS, READING_DIRECTION_LABELS)}
                value={value("readingDirection")}
                onValueChange={(next) => set("readingDirection", next)}
              />
            </Field>
            <Field label="Writing mode" error={errors.writingMode}>
              <Select<WritingMode>
                items={selectItems(WRITING_MODES, WRITING_MODE_LABELS)}
                value={value("writingMode")}
                onValueChange={(next) => set("writingMode", next)}
              />
            </Field>
          </div>
          {errors.form ? (
            <p role="alert" className="text-sm font-medium text-rose-600 dark:text-rose-400">
              {errors.form[0]}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-end">
            <p className="text-sm text-muted-foreground sm:mr-auto" aria-live="polite">
              {isDirty
                ? `${changedKeys.length} unsaved ${changedKeys.length === 1 ? "change" : "changes"}`
                : "All changes saved"}
            </p>
            <Button
              variant="secondary"
              disabled={!isDirty || isPending}
              onClick={() => {
                setDraft({});
                setBases({});
                setErrors({});
              }}
            >
              Discard changes
            </Button>
            <Button type="submit" disabled={!isDirty} isLoading={isPending}>
              Save changes
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
