// /admin/stories/:storyId/edit: loads the story's draft once and hands it to the editor, which
// owns it from then on (its autosave keeps the server up to date).
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { errorCode } from "../../../lib/errors.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { layOut } from "./scene-layout.ts";
import { needsLayout, type Position } from "./story-draft.ts";
import { StoryEditor } from "./story-editor.tsx";
import type { StoryDraftView } from "./story-editor-types.ts";
import { useStoryToEdit } from "./use-story-details.ts";

export function StoryEditPage({ storyId }: { storyId: string }) {
  const story = useStoryToEdit(storyId);
  useDocumentTitle(story.data ? null : "Edit Story");

  const layout = useInitialLayout(story.data);
  if (story.data && layout.isReady)
    return <StoryEditor story={story.data} initialPositions={layout.positions} />;
  if (story.isError) {
    const isMissing = errorCode(story.error) === "NOT_FOUND";
    return (
      <Page width="reading" className="py-8">
        <h1 className="mb-6 text-2xl font-bold">Edit Story</h1>
        <ErrorState
          title={isMissing ? "This story does not exist" : "Could not open the story"}
          error={story.error}
          onRetry={isMissing ? undefined : () => void story.refetch()}
          isRetrying={story.isFetching}
        />
        <Button asChild variant="secondary" className="mt-4">
          <Link to="/admin/stories/dashboard">All stories</Link>
        </Button>
      </Page>
    );
  }
  return (
    <main
      className="flex h-shell-page flex-col"
      role="status"
      aria-label={story.data ? "Loading the story: laying out its scenes" : "Loading the story"}
    >
      <div className="flex items-center gap-3 border-b border-border px-3 py-3">
        <Skeleton className="size-9 rounded-full" />
        <Skeleton className="h-6 w-56" />
        <Skeleton className="ml-auto h-8 w-64 max-sm:hidden" />
      </div>
      <div className="flex min-h-0 flex-1">
        <div className="flex-1 p-6">
          <Skeleton className="h-24 w-56" />
          <Skeleton className="mt-16 ml-40 h-24 w-56" />
        </div>
        <div className="w-[24rem] space-y-3 border-l border-border p-4 max-md:hidden">
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      </div>
    </main>
  );
}

/** Positions for a story whose scenes were never placed, worked out before the editor opens. */
function useInitialLayout(story: StoryDraftView | undefined): {
  isReady: boolean;
  positions: ReadonlyMap<string, Position> | null;
} {
  const scenes = story?.document.scenes;
  const isNeeded = scenes !== undefined && needsLayout(scenes);
  const [positions, setPositions] = useState<ReadonlyMap<string, Position> | null>(null);
  const [isDone, setIsDone] = useState(false);
  const startSceneId = story?.document.startSceneId ?? null;
  useEffect(() => {
    if (!isNeeded || !scenes) return;
    let isCurrent = true;
    layOut(scenes, startSceneId)
      .then((found) => isCurrent && setPositions(found))
      // Without a layout the scenes open stacked, and the Auto layout button says what failed.
      .catch(() => undefined)
      .finally(() => isCurrent && setIsDone(true));
    return () => {
      isCurrent = false;
    };
  }, [isNeeded, scenes, startSceneId]);
  return { isReady: story !== undefined && (!isNeeded || isDone), positions };
}
