// One story's funnel on the dashboard: readers who reached each scene (from the start), how many
// stopped there, and for a chosen scene how its readers split between the choices. The same
// figures as a table for anyone who does not read charts.
import { GitBranch } from "lucide-react";
import { lazy, Suspense } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { percentLabel } from "./story-labels.ts";
import { useAdminStories, useStoryFunnel } from "./use-stories-dashboard.ts";

const FunnelChart = lazy(async () => ({ default: (await import("./stories-charts.tsx")).FunnelChart }));
const ChoiceSplitChart = lazy(async () => ({
  default: (await import("./stories-charts.tsx")).ChoiceSplitChart,
}));

/** Bars a funnel chart draws: past that, the scenes furthest from the start are left to the table. */
const MAX_FUNNEL_BARS = 40;

const sceneName = (scene: { title: string; sceneId: string }, index: number) =>
  scene.title.trim() || `Scene ${index + 1}`;

export function StoryFunnel({
  storyId,
  sceneId,
  onSceneChange,
}: {
  storyId: string;
  sceneId: string | null;
  onSceneChange: (sceneId: string) => void;
}) {
  const funnel = useStoryFunnel(storyId);
  const story = useAdminStories();
  const title = story.data?.find((row) => row.id === storyId)?.title ?? "Story";
  return (
    <Card data-testid="story-funnel">
      <CardHeader>
        <CardTitle as="h2">Funnel: {title}</CardTitle>
        <CardDescription>
          Readers per scene from the start, where they stopped, and how they chose.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {funnel.isError && !funnel.data ? (
          <ErrorState
            title="Could not load the funnel"
            error={funnel.error}
            onRetry={() => void funnel.refetch()}
          />
        ) : !funnel.data ? (
          <Skeleton className="h-80 w-full" />
        ) : funnel.data.scenes.every((scene) => scene.readers === 0) ? (
          <EmptyState
            as="h3"
            icon={GitBranch}
            title="No readers yet"
            text="The funnel fills in as readers play the published story."
          />
        ) : (
          <FunnelBody scenes={funnel.data.scenes} sceneId={sceneId} onSceneChange={onSceneChange} />
        )}
      </CardContent>
    </Card>
  );
}

type FunnelScene = {
  sceneId: string;
  title: string;
  readers: number;
  dropOff: number;
  isEnding: boolean;
  choices: Array<{ choiceId: string; label: string; picks: number; share: number | null }>;
};

function FunnelBody({
  scenes,
  sceneId,
  onSceneChange,
}: {
  scenes: FunnelScene[];
  sceneId: string | null;
  onSceneChange: (sceneId: string) => void;
}) {
  const named = scenes.map((scene, index) => ({ ...scene, name: sceneName(scene, index) }));
  const withChoices = named.filter((scene) => scene.choices.length > 0);
  const chosen = withChoices.find((scene) => scene.sceneId === sceneId) ?? withChoices[0] ?? null;
  const bars = named.slice(0, MAX_FUNNEL_BARS);
  return (
    <div className="space-y-8">
      <section aria-labelledby="funnel-readers-heading">
        <h3 id="funnel-readers-heading" className="text-sm font-semibold">
          Readers per scene
          {named.length > bars.length ? (
            <span className="font-normal text-muted-foreground">
              {" "}
              (the first {bars.length} of {named.length} scenes; every scene is in the table)
            </span>
          ) : null}
        </h3>
        <Suspense fallback={<Skeleton className="mt-3 h-80 w-full" />}>
          <div className="mt-3">
            <FunnelChart
              scenes={bars.map((scene) => ({
                name: scene.name,
                readers: scene.readers,
                dropOff: scene.dropOff,
              }))}
              label={`Readers per scene from the start: ${bars
                .slice(0, 8)
                .map((scene) => `${scene.name} ${scene.readers}`)
                .join(", ")}${bars.length > 8 ? ", and more in the table below" : ""}`}
            />
          </div>
        </Suspense>
      </section>
      {chosen ? (
        <section aria-labelledby="funnel-split-heading">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <h3 id="funnel-split-heading" className="text-sm font-semibold">
              How readers chose
            </h3>
            <Field label="Scene" className="sm:w-72">
              <NativeSelect
                items={withChoices.map((scene) => ({ value: scene.sceneId, label: scene.name }))}
                value={chosen.sceneId}
                onValueChange={onSceneChange}
                size="sm"
              />
            </Field>
          </div>
          <p className="mt-2 text-xs text-muted-foreground">
            {chosen.readers} {chosen.readers === 1 ? "reader" : "readers"} reached “{chosen.name}”.
          </p>
          <Suspense fallback={<Skeleton className="mt-3 h-40 w-full" />}>
            <div className="mt-3">
              <ChoiceSplitChart
                choices={chosen.choices.map((choice) => ({ label: choice.label, picks: choice.picks }))}
                label={`How the readers of ${chosen.name} chose: ${chosen.choices
                  .map((choice) => `${choice.label} ${choice.picks} (${percentLabel(choice.share)})`)
                  .join(", ")}`}
              />
            </div>
          </Suspense>
        </section>
      ) : null}
      <details className="rounded-xl border border-border">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium">The figures as a table</summary>
        <div className="overflow-x-auto px-3 pb-3">
          <table className="w-full min-w-[28rem] text-sm" data-testid="funnel-table">
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th className="py-1 font-medium">Scene</th>
                <th className="py-1 text-right font-medium">Readers</th>
                <th className="py-1 text-right font-medium">Stopped here</th>
                <th className="py-1 pl-3 font-medium">Choices</th>
              </tr>
            </thead>
            <tbody>
              {named.map((scene) => (
                <tr key={scene.sceneId} className="border-t border-border align-top">
                  <td className="py-1.5 pr-2">
                    {scene.name}
                    {scene.isEnding ? <span className="text-muted-foreground"> (ending)</span> : null}
                  </td>
                  <td className="py-1.5 text-right tabular-nums">{scene.readers}</td>
                  <td className="py-1.5 text-right tabular-nums">{scene.dropOff}</td>
                  <td className="py-1.5 pl-3 text-xs text-muted-foreground">
                    {scene.choices
                      .map((choice) => `${choice.label}: ${percentLabel(choice.share)}`)
                      .join("; ")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
