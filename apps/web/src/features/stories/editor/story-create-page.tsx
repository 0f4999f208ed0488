// /admin/stories/create: start an empty story (a title and, if wanted, a stat preset), or bring one
// in from Twine (a Twee file or a published HTML file) and open it in the editor.
import { STORY_LIMITS } from "@litverse/shared/stories/story-model";
import { FilePlus2, FileUp, TriangleAlert } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Progress } from "../../../components/ui/progress.tsx";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { useLeaveWarning } from "../../../lib/use-leave-warning.ts";
import { useStatPresets } from "../use-stat-presets.ts";
import { useCreateStory, useImportTwine } from "./use-create-story.ts";

const TWINE_EXTENSIONS = [".twee", ".tw", ".txt", ".html", ".htm"];
/** The importer's own limit on a Twine file. */
const MAX_TWINE_BYTES = 5 * 1024 ** 2;
const NO_PRESET = "none";

const editPath = (storyId: string) => `/admin/stories/${storyId}/edit`;

export function StoryCreatePage() {
  useDocumentTitle("Create Story");
  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Create Story"
        description="Start an interactive story from nothing, or bring one in from Twine."
        eyebrow={
          <Link to="/admin/stories/dashboard" className="hover:underline">
            Interactive Stories
          </Link>
        }
      />
      <div className="grid gap-6 md:grid-cols-2">
        <NewStoryCard />
        <ImportCard />
      </div>
    </Page>
  );
}

function NewStoryCard() {
  const navigate = useNavigate();
  const presets = useStatPresets();
  const { create, isPending: isCreating } = useCreateStory();
  const [title, setTitle] = useState("");
  const [presetId, setPresetId] = useState(NO_PRESET);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setErrors({});
    if (title.trim() === "") {
      setErrors({ title: ["Give the story a title"] });
      return;
    }
    create(
      { title: title.trim(), ...(presetId === NO_PRESET ? {} : { statPresetId: presetId }) },
      {
        onCreated: (storyId) => navigate(editPath(storyId)),
        onFailed: (details) => {
          setError(details.message);
          setErrors(details.fieldErrors);
        },
      },
    );
  };

  const presetItems = [
    { value: NO_PRESET, label: presets.isPending ? "Loading presets…" : "No preset" },
    ...(presets.data ?? []).map((preset) => ({
      value: preset.id,
      label: `${preset.name} (${preset.stats.length} ${preset.stats.length === 1 ? "stat" : "stats"})`,
    })),
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span className="inline-flex items-center gap-2">
            <FilePlus2 className="size-5 text-brand-600 dark:text-brand-400" aria-hidden />
            New story
          </span>
        </CardTitle>
        <CardDescription>An empty story with one scene to start from.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <Field label="Title" required error={errors.title ?? null}>
            <Input
              value={title}
              maxLength={STORY_LIMITS.maxTitleLength}
              onChange={(event) => setTitle(event.target.value)}
            />
          </Field>
          <Field
            label="Stat preset"
            hint="Reusable stats such as courage or gold; the story can add its own later."
            error={errors.statPresetId ?? null}
          >
            <NativeSelect items={presetItems} value={presetId} onValueChange={setPresetId} />
          </Field>
          {error ? (
            <p role="alert" className="text-sm font-medium text-rose-700 dark:text-rose-300">
              {error}
            </p>
          ) : null}
          <Button type="submit" isLoading={isCreating}>
            Create and open the editor
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function ImportCard() {
  const inputId = useId();
  const navigate = useNavigate();
  const { importFile, isReading } = useImportTwine();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ storyId: string; warnings: string[]; fileName: string } | null>(
    null,
  );
  const isBusy = progress !== null || isReading;
  useLeaveWarning(progress !== null);

  const start = async (file: File) => {
    setError(null);
    setResult(null);
    const name = file.name.toLowerCase();
    if (!TWINE_EXTENSIONS.some((extension) => name.endsWith(extension))) {
      setError(`${file.name} is not a Twine file: choose a .twee, .tw or .html file.`);
      return;
    }
    if (file.size > MAX_TWINE_BYTES) {
      setError("That file is over 5 MB, more than a story can be.");
      return;
    }
    setProgress(0);
    const outcome = await importFile(file, { onProgress: setProgress, onUploaded: () => setProgress(null) });
    setProgress(null);
    if ("error" in outcome) {
      setError(outcome.error);
      return;
    }
    const { imported } = outcome;
    if (imported.warnings.length === 0) {
      navigate(editPath(imported.storyId));
      return;
    }
    setResult({ ...imported, fileName: file.name });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span className="inline-flex items-center gap-2">
            <FileUp className="size-5 text-brand-600 dark:text-brand-400" aria-hidden />
            Import from Twine
          </span>
        </CardTitle>
        <CardDescription>
          A Twee 3 file (.twee, .tw) or a published Twine 2 story (.html), SugarCube or Harlowe. Passages
          become scenes, links become choices, and simple variables become stats.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <input
          id={inputId}
          type="file"
          accept={TWINE_EXTENSIONS.join(",")}
          className="peer sr-only"
          disabled={isBusy}
          aria-label="Twine file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void start(file);
          }}
        />
        <label
          htmlFor={inputId}
          className={cn(
            buttonClasses({ variant: "secondary", className: "cursor-pointer" }),
            "peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500",
            isBusy && "pointer-events-none opacity-50",
          )}
        >
          <FileUp aria-hidden />
          Choose a Twine file
        </label>
        {progress !== null ? <Progress value={progress} label="Uploading the file" /> : null}
        {isReading ? (
          <p role="status" className="text-sm text-muted-foreground">
            Reading the story…
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm font-medium text-rose-700 dark:text-rose-300">
            {error}
          </p>
        ) : null}
        {result ? (
          <section
            aria-labelledby={`${inputId}-warnings`}
            className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-300/30 dark:bg-amber-300/10 dark:text-amber-50"
          >
            <h3 id={`${inputId}-warnings`} className="flex items-center gap-2 font-semibold">
              <TriangleAlert className="size-4" aria-hidden />
              {result.fileName} came in with {result.warnings.length}{" "}
              {result.warnings.length === 1 ? "thing" : "things"} to look at
            </h3>
            <ul className="max-h-60 list-disc space-y-1 overflow-y-auto pl-5">
              {result.warnings.map((warning, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: warnings may repeat word for word
                <li key={index}>{warning}</li>
              ))}
            </ul>
            <p>What could not be translated stays in its scene's text, marked, for you to rebuild.</p>
            <Button onClick={() => navigate(editPath(result.storyId))}>Open the editor</Button>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
