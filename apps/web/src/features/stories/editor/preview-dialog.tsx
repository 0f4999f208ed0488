// Plays the draft from a chosen scene with chosen stat values, in the browser: nothing is saved and
// no coins are spent. Locked choices say why; priced choices show their price.
import { initialValues } from "@litverse/shared/stories/story-expression-effects";
import type { StoryValue } from "@litverse/shared/stories/story-expressions";
import { statDefinition } from "@litverse/shared/stories/story-validation";
import { ArrowLeft, Coins, Lock, Play, RotateCcw, Trophy, Unlink } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { SceneText } from "../scene-text.tsx";
import { sceneTitle } from "./graph-elements.ts";
import {
  arriveAt,
  choicesAt,
  type PreviewState,
  type PreviewStory,
  stepBack,
  takeChoice,
} from "./preview-engine.ts";

export function PreviewDialog({
  story,
  fromSceneId,
  onClose,
}: {
  story: PreviewStory;
  /** The scene to start from; the dialog is open while it is set. */
  fromSceneId: string | null;
  onClose: () => void;
}) {
  const from = fromSceneId === null ? undefined : story.scenes.get(fromSceneId);
  return (
    <Dialog open={fromSceneId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        size="lg"
        title={from ? `Preview from “${sceneTitle(from)}”` : "Preview"}
        description="Plays the draft as it is now. Nothing is saved and no coins are spent."
      >
        {from ? <PreviewBody key={from.id} story={story} fromSceneId={from.id} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function formatValue(value: StoryValue | undefined): string {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return value === undefined ? "" : value.toLocaleString("en-US");
}

function PreviewBody({ story, fromSceneId }: { story: PreviewStory; fromSceneId: string }) {
  const [values, setValues] = useState<Record<string, StoryValue>>(() =>
    initialValues(story.stats.map(statDefinition)),
  );
  const [state, setState] = useState<PreviewState | null>(null);

  if (state === null) {
    return (
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          setState(arriveAt(story, fromSceneId, values));
        }}
      >
        {story.stats.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            This story has no stats: the preview starts as it is.
          </p>
        ) : (
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium">Stat values on arriving at the scene</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {story.stats.map((stat) =>
                stat.kind === "boolean" ? (
                  <Checkbox
                    key={stat.name}
                    label={stat.label}
                    description={stat.visible ? stat.name : `${stat.name}, hidden from readers`}
                    checked={values[stat.name] === true}
                    onCheckedChange={(checked) => setValues({ ...values, [stat.name]: checked === true })}
                  />
                ) : (
                  <Field
                    key={stat.name}
                    label={stat.label}
                    hint={`${stat.name}${stat.min !== null ? `, from ${stat.min}` : ""}${stat.max !== null ? ` up to ${stat.max}` : ""}${stat.visible ? "" : ", hidden from readers"}`}
                  >
                    <Input
                      type="number"
                      value={String(values[stat.name] ?? 0)}
                      min={stat.min ?? undefined}
                      max={stat.max ?? undefined}
                      onChange={(event) => {
                        const number = Number(event.target.value);
                        setValues({ ...values, [stat.name]: Number.isFinite(number) ? number : 0 });
                      }}
                    />
                  </Field>
                ),
              )}
            </div>
          </fieldset>
        )}
        <Button type="submit">
          <Play aria-hidden />
          Start preview
        </Button>
      </form>
    );
  }

  const scene = story.scenes.get(state.sceneId);
  const choices = choicesAt(story, state);
  return (
    <div className="space-y-5" data-testid="story-preview">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="ghost"
          size="sm"
          disabled={state.trail.length === 0}
          onClick={() => setState(stepBack(state))}
        >
          <ArrowLeft aria-hidden />
          Back
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setState(null)}>
          <RotateCcw aria-hidden />
          Start again
        </Button>
        <span className="ml-auto text-xs text-muted-foreground">
          Scene: {scene ? sceneTitle(scene) : "missing"}
        </span>
      </div>
      {scene?.image ? (
        <img src={scene.image} alt="" className="max-h-56 w-full rounded-xl object-cover" />
      ) : null}
      {scene ? (
        <SceneText
          text={scene.text || "(This scene has no text yet.)"}
          className="font-serif text-base leading-relaxed"
        />
      ) : (
        <p className="text-sm text-rose-700 dark:text-rose-300">This scene does not exist.</p>
      )}
      {scene?.ending ? (
        <p className="flex items-center gap-2 rounded-xl bg-emerald-50 p-3 font-semibold text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-200">
          <Trophy className="size-5" aria-hidden />
          Ending: {scene.ending.name}
        </p>
      ) : null}
      {choices.length > 0 ? (
        <ul className="space-y-2" aria-label="Choices">
          {choices.map((choice) => (
            <li key={choice.id}>
              <Button
                variant={choice.state === "open" ? "secondary" : "ghost"}
                className="h-auto min-h-11 w-full justify-start py-2 text-left whitespace-normal"
                disabled={choice.state !== "open"}
                onClick={() => setState(takeChoice(story, state, choice.id))}
              >
                {choice.state === "locked" ? <Lock aria-label="Locked" /> : null}
                {choice.state === "unconnected" ? <Unlink aria-label="Not connected" /> : null}
                <span className="flex-1">
                  {choice.label}
                  {choice.reason ? (
                    <span className="block text-xs font-normal text-muted-foreground">{choice.reason}</span>
                  ) : null}
                </span>
                {choice.priceCoins > 0 ? (
                  <span className="inline-flex items-center gap-1 text-xs font-semibold text-amber-700 dark:text-amber-300">
                    <Coins aria-hidden />
                    {choice.priceCoins} coins
                  </span>
                ) : null}
              </Button>
            </li>
          ))}
        </ul>
      ) : scene && !scene.ending ? (
        <p className="text-sm text-muted-foreground">No choices lead on from here.</p>
      ) : null}
      {state.skipped.length > 0 ? (
        <p className="text-xs text-amber-800 dark:text-amber-200">
          Effects left out because they do not work: {state.skipped.join(", ")}
        </p>
      ) : null}
      {story.stats.length > 0 ? (
        <section aria-label="Stats now" className="rounded-xl border border-border p-3">
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Stats now
          </h3>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
            {story.stats.map((stat) => (
              <div key={stat.name} className="flex justify-between gap-2">
                <dt className="truncate text-muted-foreground">
                  {stat.label}
                  {stat.visible ? "" : " (hidden)"}
                </dt>
                <dd className="font-semibold tabular-nums" data-stat={stat.name}>
                  {formatValue(state.values[stat.name])}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </div>
  );
}
