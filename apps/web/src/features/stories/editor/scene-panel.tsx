// The selected scene in full: title, text with a preview of its formatting, picture, effects on
// arrival, whether it is an ending, and its choices.
import { STORY_LIMITS, type StoryScene, type StoryStat } from "@litverse/shared/stories/story-model";
import type { StoryIssue } from "@litverse/shared/stories/story-validation";
import { CircleAlert, Flag, ImageUp, Play, Plus, Trash2, TriangleAlert, X } from "lucide-react";
import { useId, useState } from "react";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Progress } from "../../../components/ui/progress.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { MAX_PICTURE_BYTES } from "../../../lib/uploads.ts";
import { useLeaveWarning } from "../../../lib/use-leave-warning.ts";
import { SceneText } from "../scene-text.tsx";
import { ChoiceEditor } from "./choice-editor.tsx";
import { EffectsField } from "./expression-field.tsx";
import {
  addChoice,
  deleteChoices,
  deleteScenes,
  newChoice,
  reorderChoice,
  type StoryDraft,
  scenesById,
  setStartScene,
  updateChoice,
  updateScene,
} from "./story-draft.ts";
import type { DraftHistory } from "./use-draft-history.ts";
import { useUploadScenePicture } from "./use-scene-picture.ts";

const FIELD_CODES = new Set<StoryIssue["code"]>(["bad_condition", "bad_effect"]);
const PICTURE_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

export function ScenePanel({
  storyId,
  scene,
  draft,
  stats,
  issues,
  highlightedChoiceId,
  edit,
  onGoTo,
  onPreview,
  onDeleted,
}: {
  storyId: string;
  scene: StoryScene;
  draft: StoryDraft;
  stats: readonly StoryStat[];
  /** Validation's issues for this scene and its choices. */
  issues: readonly StoryIssue[];
  highlightedChoiceId: string | null;
  edit: DraftHistory["edit"];
  onGoTo: (sceneId: string) => void;
  onPreview: (sceneId: string) => void;
  onDeleted: () => void;
}) {
  const id = scene.id;
  const isStart = draft.startSceneId === id;
  // Conditions and effects say what is wrong with them under their own fields, as they are typed.
  const listed = issues.filter((issue) => !FIELD_CODES.has(issue.code));
  const sceneIssues = listed.filter((issue) => issue.choiceId === null);
  const change = (fields: Partial<Omit<StoryScene, "id">>, field: string) =>
    edit((d) => updateScene(d, id, fields), `scene:${id}:${field}`);
  const index = scenesById(draft);
  const isFull = scene.choices.length >= STORY_LIMITS.maxChoicesPerScene;

  return (
    <div className="space-y-5" data-testid="scene-panel">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => onPreview(id)}>
          <Play aria-hidden />
          Preview from here
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={isStart}
          onClick={() => edit((d) => setStartScene(d, id))}
        >
          <Flag aria-hidden />
          {isStart ? "Start scene" : "Set as start scene"}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-rose-700 dark:text-rose-300"
          onClick={() => {
            edit((d) => deleteScenes(d, [id]));
            onDeleted();
          }}
        >
          <Trash2 aria-hidden />
          Delete scene
        </Button>
      </div>

      {sceneIssues.length > 0 ? (
        <ul className="space-y-1.5 rounded-xl border border-border bg-muted p-3 text-sm">
          {sceneIssues.map((issue) => (
            <li
              key={`${issue.code}:${issue.message}`}
              className={cn(
                "flex gap-2",
                issue.severity === "error"
                  ? "text-rose-700 dark:text-rose-300"
                  : "text-amber-800 dark:text-amber-200",
              )}
            >
              {issue.severity === "error" ? (
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-label="Error" />
              ) : (
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-label="Warning" />
              )}
              <span>{issue.message}</span>
            </li>
          ))}
        </ul>
      ) : null}

      <Field label="Scene title" hint="For you and the map; readers do not see it.">
        <Input
          value={scene.title}
          maxLength={STORY_LIMITS.maxSceneTitleLength}
          onChange={(event) => change({ title: event.target.value }, "title")}
        />
      </Field>
      <Field label="Text" hint="A blank line starts a paragraph; **bold** and *italic* work.">
        <Textarea
          value={scene.text}
          rows={7}
          maxLength={STORY_LIMITS.maxSceneTextLength}
          onChange={(event) => change({ text: event.target.value }, "text")}
        />
      </Field>
      {scene.text.trim() !== "" ? (
        <section
          aria-label="How readers see the text"
          className="rounded-xl border border-border bg-muted p-3"
        >
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Reader's view
          </h3>
          <SceneText text={scene.text} className="text-sm leading-relaxed" />
        </section>
      ) : null}

      <ScenePicture storyId={storyId} image={scene.image} onChange={(image) => change({ image }, "image")} />

      <EffectsField
        label="On arrival"
        hint="Applied when a reader arrives here, before the choices are offered."
        effects={scene.effects}
        stats={stats}
        onChange={(effects) => change({ effects }, "effects")}
      />

      <div className="space-y-3 rounded-xl border border-border p-3">
        <Checkbox
          label="This is an ending"
          description="An ending has a name readers collect, and no choices."
          checked={scene.ending !== null}
          onCheckedChange={(checked) =>
            change(
              {
                ending:
                  checked === true ? { name: scene.ending?.name ?? (scene.title.trim() || "The end") } : null,
              },
              "ending",
            )
          }
        />
        {scene.ending ? (
          <Field label="Ending's name">
            <Input
              value={scene.ending.name}
              maxLength={STORY_LIMITS.maxEndingNameLength}
              onChange={(event) => change({ ending: { name: event.target.value } }, "ending-name")}
            />
          </Field>
        ) : null}
      </div>

      <section aria-labelledby={`choices-${id}`} className="space-y-3">
        <div className="flex items-center justify-between gap-2">
          <h3 id={`choices-${id}`} className="font-semibold">
            Choices
          </h3>
          <Button
            variant="secondary"
            size="sm"
            disabled={isFull}
            onClick={() => edit((d) => addChoice(d, id, newChoice(null, "New choice")))}
          >
            <Plus aria-hidden />
            Add choice
          </Button>
        </div>
        {scene.choices.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {scene.ending
              ? "An ending offers no choices."
              : "No choices yet. Add one, or drag from this scene's lower handle on the map to another scene."}
          </p>
        ) : (
          <ol className="space-y-3">
            {scene.choices.map((choice, choiceIndex) => (
              <ChoiceEditor
                key={choice.id}
                choice={choice}
                index={choiceIndex}
                count={scene.choices.length}
                scenes={draft.scenes}
                scenesById={index}
                startSceneId={draft.startSceneId}
                stats={stats}
                problems={listed
                  .filter((issue) => issue.choiceId === choice.id && issue.severity === "error")
                  .map((issue) => issue.message)}
                isHighlighted={choice.id === highlightedChoiceId}
                onChange={(fields, field) =>
                  edit((d) => updateChoice(d, id, choice.id, fields), `choice:${id}:${choice.id}:${field}`)
                }
                onMove={(by) => edit((d) => reorderChoice(d, id, choice.id, by))}
                onDelete={() => edit((d) => deleteChoices(d, [{ sceneId: id, choiceId: choice.id }]))}
                onGoTo={onGoTo}
              />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function ScenePicture({
  storyId,
  image,
  onChange,
}: {
  storyId: string;
  image: string | null;
  onChange: (image: string | null) => void;
}) {
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uploadPicture = useUploadScenePicture(storyId);
  const isUploading = progress !== null;
  useLeaveWarning(isUploading);

  const upload = async (file: File) => {
    setError(null);
    if (!file.type.startsWith("image/")) {
      setError(`${file.name} is not a picture.`);
      return;
    }
    if (file.size > MAX_PICTURE_BYTES) {
      setError("That picture is over 10 MB; pick a smaller one.");
      return;
    }
    setProgress(0);
    const uploaded = await uploadPicture(file, setProgress);
    if ("url" in uploaded) onChange(uploaded.url);
    else setError(uploaded.error);
    setProgress(null);
  };

  return (
    <div className="space-y-2">
      <p className="text-sm font-medium">Picture</p>
      {image ? (
        <div className="relative overflow-hidden rounded-xl border border-border bg-muted">
          <img src={image} alt="Shown above the scene's text" className="max-h-48 w-full object-cover" />
          <Button
            variant="secondary"
            size="icon"
            className="absolute top-2 right-2 size-8"
            aria-label="Remove the picture"
            onClick={() => onChange(null)}
          >
            <X aria-hidden />
          </Button>
        </div>
      ) : null}
      <input
        id={inputId}
        type="file"
        accept={PICTURE_ACCEPT}
        className="peer sr-only"
        disabled={isUploading}
        aria-label={image ? "Replace the picture" : "Add a picture"}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void upload(file);
        }}
      />
      <label
        htmlFor={inputId}
        className={cn(
          buttonClasses({ variant: "secondary", size: "sm", className: "cursor-pointer" }),
          "peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500",
          isUploading && "pointer-events-none opacity-50",
        )}
      >
        <ImageUp aria-hidden />
        {image ? "Replace the picture" : "Add a picture"}
      </label>
      {isUploading ? <Progress value={progress} label="Uploading the picture" /> : null}
      {error ? (
        <p role="alert" className="text-xs font-medium text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
