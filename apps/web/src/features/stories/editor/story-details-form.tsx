// The story's details, saved with a button (they are not part of the autosaved draft): title,
// description, genre, age rating, cover and stat preset.

import { AGE_CHOICES } from "@litverse/shared/constants";
import { SUGGESTED_GENRES } from "@litverse/shared/content";
import { STORY_LIMITS } from "@litverse/shared/stories/story-model";
import { ImageUp } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { Progress } from "../../../components/ui/progress.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { MAX_PICTURE_BYTES } from "../../../lib/uploads.ts";
import { useLeaveWarning } from "../../../lib/use-leave-warning.ts";
import { useStatPresets } from "../use-stat-presets.ts";
import type { StoryDraftView } from "./story-editor-types.ts";
import { useStoryDetails } from "./use-story-details.ts";

const NO_PRESET = "none";
const AGE_ITEMS = AGE_CHOICES.map((age) => ({ value: String(age), label: `${age}+` }));

export function StoryDetailsForm({ story }: { story: StoryDraftView }) {
  const formId = useId();
  const presets = useStatPresets();
  const details = useStoryDetails(story.id);
  const [title, setTitle] = useState(story.title);
  const [description, setDescription] = useState(story.description);
  const [genre, setGenre] = useState(story.genre ?? "");
  const [ageRating, setAgeRating] = useState(String(story.ageRating));
  const [presetId, setPresetId] = useState(story.statPresetId ?? NO_PRESET);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | null>(null);
  const [coverProgress, setCoverProgress] = useState<number | null>(null);
  useLeaveWarning(coverProgress !== null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    details.save(
      {
        title: title.trim(),
        description: description.trim(),
        genre: genre.trim() === "" ? null : genre.trim(),
        ageRating: Number(ageRating) as (typeof AGE_CHOICES)[number],
        statPresetId: presetId === NO_PRESET ? null : presetId,
      },
      {
        onFailed: (failure) => {
          setError(failure.message);
          setFieldErrors(failure.fieldErrors);
        },
      },
    );
  };

  const uploadCover = async (file: File) => {
    setError(null);
    if (!file.type.startsWith("image/")) return setError(`${file.name} is not a picture.`);
    if (file.size > MAX_PICTURE_BYTES) return setError("That picture is over 10 MB; pick a smaller one.");
    setCoverProgress(0);
    const problem = await details.changeCover(file, setCoverProgress);
    if (problem !== null) setError(problem);
    setCoverProgress(null);
  };

  const fieldError = (name: string) => fieldErrors[`data.${name}`] ?? fieldErrors[name] ?? null;
  const presetItems = [
    { value: NO_PRESET, label: "No preset" },
    ...(presets.data ?? []).map((preset) => ({ value: preset.id, label: preset.name })),
  ];

  return (
    <form onSubmit={save} className="space-y-4" aria-labelledby={`${formId}-title`} data-own-undo>
      <h3 id={`${formId}-title`} className="font-semibold">
        Details
      </h3>
      <Field label="Title" required error={fieldError("title")}>
        <Input
          value={title}
          maxLength={STORY_LIMITS.maxTitleLength}
          onChange={(e) => setTitle(e.target.value)}
        />
      </Field>
      <Field label="Description" error={fieldError("description")}>
        <Textarea
          value={description}
          rows={3}
          maxLength={STORY_LIMITS.maxDescriptionLength}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Genre" error={fieldError("genre")}>
          <Input value={genre} list={`${formId}-genres`} onChange={(e) => setGenre(e.target.value)} />
        </Field>
        <Field label="Age rating" error={fieldError("ageRating")}>
          <NativeSelect items={AGE_ITEMS} value={ageRating} onValueChange={setAgeRating} />
        </Field>
      </div>
      <datalist id={`${formId}-genres`}>
        {SUGGESTED_GENRES.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <Field
        label="Stat preset"
        hint="Its stats join the story's own. Change it only before readers play."
        error={fieldError("statPresetId")}
      >
        <NativeSelect items={presetItems} value={presetId} onValueChange={setPresetId} />
      </Field>
      {error ? (
        <p role="alert" className="text-sm font-medium text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
      <Button type="submit" isLoading={details.isPending && coverProgress === null}>
        Save details
      </Button>

      <div className="space-y-2 border-t border-border pt-4">
        <span className="text-sm font-medium">Cover</span>
        <div className="flex items-center gap-3">
          <div className="aspect-[2/3] w-16 shrink-0 overflow-hidden rounded-lg border border-border bg-muted">
            {story.coverImage ? (
              <img src={story.coverImage} alt="The story's cover" className="size-full object-cover" />
            ) : null}
          </div>
          <div>
            <input
              id={`${formId}-cover`}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              className="peer sr-only"
              disabled={coverProgress !== null}
              aria-label={story.coverImage ? "Change the cover" : "Upload a cover"}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) void uploadCover(file);
              }}
            />
            <label
              htmlFor={`${formId}-cover`}
              className={cn(
                buttonClasses({ variant: "secondary", size: "sm", className: "cursor-pointer" }),
                "peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500",
                coverProgress !== null && "pointer-events-none opacity-50",
              )}
            >
              <ImageUp aria-hidden />
              {story.coverImage ? "Change the cover" : "Upload a cover"}
            </label>
          </div>
        </div>
        {coverProgress !== null ? <Progress value={coverProgress} label="Uploading the cover" /> : null}
      </div>
    </form>
  );
}
