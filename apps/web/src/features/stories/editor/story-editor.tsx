// The story editor: the map of scenes and choices, the panel for the selected scene, the story's
// details and stats, and its problems; undo and redo over every change, autosave, preview,
// export and publishing.
import { SCENE_CARD_SIZE } from "@litverse/shared/stories/story-layout";
import type { StoryScene } from "@litverse/shared/stories/story-model";
import { type StoryIssue, validateStory } from "@litverse/shared/stories/story-validation";
import { ReactFlowProvider, useReactFlow } from "@xyflow/react";
import { CircleAlert, PanelRightOpen, X } from "lucide-react";
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { toast } from "../../../lib/toast.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { useStatPresets } from "../use-stat-presets.ts";
import { EditorToolbar } from "./editor-toolbar.tsx";
import { IssuesList } from "./issues-list.tsx";
import { PreviewDialog } from "./preview-dialog.tsx";
import { layOut } from "./scene-layout.ts";
import { ScenePanel } from "./scene-panel.tsx";
import { StatsEditor } from "./stats-editor.tsx";
import { StoryDetailsForm } from "./story-details-form.tsx";
import {
  addScene,
  emptyScene,
  freeSpot,
  moveScenes,
  newId,
  type Position,
  type StoryDraft,
  sceneOf,
  scenesById,
} from "./story-draft.ts";
import type { StoryDraftView } from "./story-editor-types.ts";
import { type GraphSelection, NO_SELECTION, StoryGraph } from "./story-graph.tsx";
import { choiceKey, countLabel, indexIssues } from "./story-issues.ts";
import { useAutosave } from "./use-autosave.ts";
import { useDraftHistory } from "./use-draft-history.ts";
import { usePublishStory } from "./use-publish-story.ts";

type PanelTab = "scene" | "story" | "problems";

export function StoryEditor({
  story,
  initialPositions,
}: {
  story: StoryDraftView;
  /** Where to put scenes that were never placed; null to keep their positions. */
  initialPositions: ReadonlyMap<string, Position> | null;
}) {
  return (
    <ReactFlowProvider>
      <Editor story={story} initialPositions={initialPositions} />
    </ReactFlowProvider>
  );
}

function draftOf(view: StoryDraftView): StoryDraft {
  return { startSceneId: view.document.startSceneId, scenes: view.document.scenes, ownStats: view.ownStats };
}

function Editor({
  story,
  initialPositions,
}: {
  story: StoryDraftView;
  initialPositions: ReadonlyMap<string, Position> | null;
}) {
  useDocumentTitle(`Edit ${story.title}`);
  const flow = useReactFlow();
  const saved = useMemo(() => draftOf(story), [story]);
  // The draft is the server's once, when the editor opens; from then on the editor owns it. A
  // story whose scenes were never placed (made through the API, say) comes laid out.
  const history = useDraftHistory(() => (initialPositions ? moveScenes(saved, initialPositions) : saved));
  const { draft, edit } = history;
  const [hasUnpublished, setHasUnpublished] = useState(story.hasUnpublishedChanges);
  const [versionNumber, setVersionNumber] = useState(story.versionNumber);
  const autosave = useAutosave({
    storyId: story.id,
    draft,
    // Kept from the first load, like the draft: a later refetch of the details must not look like
    // a new base to save against.
    saved: useRef(saved).current,
    revision: useRef(story.revision).current,
    onSaved: () => setHasUnpublished(true),
  });

  const presets = useStatPresets();
  const stats = useMemo(() => [...story.presetStats, ...draft.ownStats], [story.presetStats, draft.ownStats]);
  // Validation follows the draft a beat behind while typing, so keys never wait for it.
  const checked = useDeferredValue(draft);
  const issues = useMemo(
    () =>
      indexIssues(
        validateStory({
          title: story.title,
          startSceneId: checked.startSceneId,
          stats: [...story.presetStats, ...checked.ownStats],
          scenes: [...checked.scenes],
        }),
      ),
    [checked, story.title, story.presetStats],
  );

  const [selection, setSelection] = useState<GraphSelection>(NO_SELECTION);
  const [tab, setTab] = useState<PanelTab>("scene");
  const [isSheetOpen, setIsSheetOpen] = useState(false);
  const [previewFrom, setPreviewFrom] = useState<string | null>(null);

  const [focusedSceneId, highlightedChoiceId] = useMemo((): [string | null, string | null] => {
    if (selection.sceneIds.size === 1) return [[...selection.sceneIds][0] ?? null, null];
    if (selection.sceneIds.size === 0 && selection.choiceKeys.size === 1) {
      const key = [...selection.choiceKeys][0] ?? "";
      const slash = key.indexOf("/");
      return [key.slice(0, slash), key.slice(slash + 1)];
    }
    return [null, null];
  }, [selection]);
  const focusedScene = sceneOf(draft, focusedSceneId);
  const draftRef = useRef(draft);
  draftRef.current = draft;

  const onSelect = useCallback((next: GraphSelection) => {
    setSelection(next);
    if (next.sceneIds.size > 0 || next.choiceKeys.size > 0) {
      setTab("scene");
      setIsSheetOpen(true);
    }
  }, []);

  /** Selects a scene and brings it into view. */
  const goTo = useCallback(
    (sceneId: string, choiceId?: string) => {
      const scene = sceneOf(draftRef.current, sceneId);
      if (!scene) return;
      setSelection({
        sceneIds: choiceId ? new Set() : new Set([sceneId]),
        choiceKeys: choiceId ? new Set([choiceKey(sceneId, choiceId)]) : new Set(),
      });
      setTab("scene");
      setIsSheetOpen(true);
      void flow.setCenter(
        scene.position.x + SCENE_CARD_SIZE.width / 2,
        scene.position.y + SCENE_CARD_SIZE.height / 2,
        {
          zoom: Math.max(flow.getZoom(), 0.8),
          duration: 250,
        },
      );
    },
    [flow],
  );
  // After undo or redo a selected scene may be gone.
  useEffect(() => {
    const index = scenesById(draft);
    if ([...selection.sceneIds].some((id) => !index.has(id))) setSelection(NO_SELECTION);
  }, [draft, selection]);

  const graphBox = useRef<HTMLDivElement>(null);
  const addSceneInView = useCallback(() => {
    const box = graphBox.current?.getBoundingClientRect();
    const centre = box
      ? flow.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 })
      : { x: 0, y: 0 };
    const at = freeSpot(
      draftRef.current.scenes,
      { x: centre.x - SCENE_CARD_SIZE.width / 2, y: centre.y - SCENE_CARD_SIZE.height / 2 },
      SCENE_CARD_SIZE,
    );
    const scene = emptyScene(newId("s"), at);
    edit((d) => addScene(d, scene));
    setSelection({ sceneIds: new Set([scene.id]), choiceKeys: new Set() });
    setTab("scene");
    setIsSheetOpen(true);
  }, [edit, flow]);

  const [isLayingOut, setIsLayingOut] = useState(false);
  const autoLayout = useCallback(async () => {
    const current = draftRef.current;
    setIsLayingOut(true);
    try {
      const positions = await layOut(current.scenes, current.startSceneId);
      // Scenes added meanwhile keep their place; removed ones are skipped.
      edit((d) => moveScenes(d, positions));
      if (current.scenes.length < 200 && positions.size > 0) {
        const xs = [...positions.values()].map((at) => at.x);
        const ys = [...positions.values()].map((at) => at.y);
        const x = Math.min(...xs);
        const y = Math.min(...ys);
        const bounds = {
          x,
          y,
          width: Math.max(...xs) - x + SCENE_CARD_SIZE.width,
          height: Math.max(...ys) - y + SCENE_CARD_SIZE.height,
        };
        requestAnimationFrame(() => void flow.fitBounds(bounds, { padding: 0.2, duration: 250 }));
      }
    } catch (caught) {
      toast.error((caught as Error).message);
    } finally {
      setIsLayingOut(false);
    }
  }, [edit, flow]);

  const { publish, isPending: isPublishing } = usePublishStory(story.id);
  const onPublish = async () => {
    if (!(await autosave.flush())) {
      toast.error("Save the latest changes before publishing.");
      return;
    }
    publish({
      onPublished: (newVersion) => {
        setVersionNumber(newVersion);
        setHasUnpublished(false);
      },
    });
  };

  // Undo and redo from the keyboard, anywhere in the editor but its dialogs and the fields outside
  // the draft (the details form, the search), which keep the browser's own undo of their typing.
  const { undo, redo } = history;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      if (
        event.target instanceof Element &&
        event.target.closest('[role="dialog"], [role="alertdialog"], [data-own-undo]')
      )
        return;
      const key = event.key.toLowerCase();
      if (key === "z" && !event.shiftKey) {
        event.preventDefault();
        undo();
      } else if ((key === "z" && event.shiftKey) || (key === "y" && !event.metaKey)) {
        event.preventDefault();
        redo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo]);

  const pickIssue = (issue: StoryIssue) => {
    if (issue.sceneId === null) {
      setTab("story");
      return;
    }
    goTo(issue.sceneId, issue.choiceId ?? undefined);
    setTab("scene");
  };

  const previewStory = useMemo(() => ({ scenes: scenesById(draft), stats }), [draft, stats]);
  const sceneIssues = useMemo(
    () => (focusedSceneId ? issues.issues.filter((issue) => issue.sceneId === focusedSceneId) : []),
    [issues, focusedSceneId],
  );

  return (
    <main className="flex h-shell-page flex-col" data-testid="story-editor">
      <EditorToolbar
        storyId={story.id}
        title={story.title}
        draft={draft}
        history={history}
        autosave={autosave}
        errorCount={issues.errorCount}
        versionNumber={versionNumber}
        hasUnpublished={hasUnpublished}
        isPublishing={isPublishing}
        onPublish={onPublish}
        onAddScene={addSceneInView}
        onAutoLayout={() => void autoLayout()}
        isLayingOut={isLayingOut}
        onPreview={() => setPreviewFrom(focusedSceneId ?? draft.startSceneId ?? draft.scenes[0]?.id ?? null)}
        onFind={(sceneId) => goTo(sceneId)}
      />
      {autosave.status.state === "conflict" ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 border-b border-rose-300 bg-rose-50 px-4 py-2 text-sm text-rose-900 dark:border-rose-400/30 dark:bg-rose-950 dark:text-rose-100"
        >
          <CircleAlert className="size-4 shrink-0" aria-hidden />
          <span className="min-w-0 flex-1">{autosave.status.message}</span>
          <Button size="sm" variant="secondary" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </div>
      ) : null}
      <div className="relative flex min-h-0 flex-1">
        <div ref={graphBox} className="min-w-0 flex-1">
          <StoryGraph
            draft={draft}
            issues={issues}
            selection={selection}
            onSelect={onSelect}
            edit={edit}
            onChoiceAdded={(sceneId, choiceId) => goTo(sceneId, choiceId)}
            onOpenScene={goTo}
          />
        </div>
        <aside
          aria-label="Editor panel"
          className={cn(
            "flex w-[24rem] shrink-0 flex-col border-l border-border bg-background",
            // On phones the panel is a sheet over the lower part of the map, which stays pannable above it.
            "max-md:fixed max-md:inset-x-0 max-md:bottom-[calc(4rem+env(safe-area-inset-bottom))] max-md:z-30 max-md:max-h-[55dvh] max-md:w-auto max-md:rounded-t-2xl max-md:border max-md:shadow-2xl",
            !isSheetOpen && "max-md:hidden",
          )}
        >
          <Tabs
            value={tab}
            onValueChange={(value) => setTab(value as PanelTab)}
            className="min-h-0 flex-1 gap-0"
          >
            <div className="flex items-center gap-2 border-b border-border px-3">
              <TabsList variant="underline" aria-label="Panel sections" className="flex-1 shadow-none">
                <TabsTrigger value="scene">Scene</TabsTrigger>
                <TabsTrigger value="story">Story</TabsTrigger>
                <TabsTrigger value="problems">
                  Problems
                  {issues.issues.length > 0 ? (
                    <span
                      className={cn(
                        "rounded-full px-1.5 text-xs font-semibold",
                        issues.errorCount > 0
                          ? "bg-rose-100 text-rose-800 dark:bg-rose-400/20 dark:text-rose-200"
                          : "bg-amber-100 text-amber-900 dark:bg-amber-300/20 dark:text-amber-100",
                      )}
                    >
                      {issues.issues.length}
                    </span>
                  ) : null}
                </TabsTrigger>
              </TabsList>
              <Button
                variant="ghost"
                size="icon"
                className="size-9 md:hidden"
                aria-label="Close the panel"
                onClick={() => setIsSheetOpen(false)}
              >
                <X aria-hidden />
              </Button>
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-4">
              <TabsContent value="scene">
                {focusedScene ? (
                  <ScenePanel
                    key={focusedScene.id}
                    storyId={story.id}
                    scene={focusedScene}
                    draft={draft}
                    stats={stats}
                    issues={sceneIssues}
                    highlightedChoiceId={highlightedChoiceId}
                    edit={edit}
                    onGoTo={(sceneId) => goTo(sceneId)}
                    onPreview={setPreviewFrom}
                    onDeleted={() => setSelection(NO_SELECTION)}
                  />
                ) : (
                  <NoSceneSelected
                    count={selection.sceneIds.size}
                    scenes={draft.scenes}
                    onAdd={addSceneInView}
                  />
                )}
              </TabsContent>
              <TabsContent value="story" className="space-y-8">
                <StoryDetailsForm story={story} />
                <StatsEditor
                  ownStats={draft.ownStats}
                  presetStats={story.presetStats}
                  presetName={presets.data?.find((preset) => preset.id === story.statPresetId)?.name ?? null}
                  edit={edit}
                />
                <StoryWideIssues issues={issues.issues} />
              </TabsContent>
              <TabsContent value="problems">
                <IssuesList index={issues} onPick={pickIssue} />
              </TabsContent>
            </div>
          </Tabs>
        </aside>
        {!isSheetOpen ? (
          <Button
            variant="secondary"
            size="sm"
            className="absolute top-3 right-3 z-10 md:hidden"
            onClick={() => setIsSheetOpen(true)}
          >
            <PanelRightOpen aria-hidden />
            Panel
          </Button>
        ) : null}
      </div>
      <PreviewDialog story={previewStory} fromSceneId={previewFrom} onClose={() => setPreviewFrom(null)} />
    </main>
  );
}

function NoSceneSelected({
  count,
  scenes,
  onAdd,
}: {
  count: number;
  scenes: readonly StoryScene[];
  onAdd: () => void;
}) {
  return (
    <div className="space-y-3 text-sm text-muted-foreground">
      {count > 1 ? (
        <p>{count} scenes selected. Drag them together, or press Delete to remove them.</p>
      ) : scenes.length === 0 ? (
        <p>This story has no scenes yet.</p>
      ) : (
        <p>
          Select a scene on the map to write it. Drag from a scene's lower handle to another scene to add a
          choice.
        </p>
      )}
      <Button variant="secondary" size="sm" onClick={onAdd}>
        Add a scene
      </Button>
    </div>
  );
}

function StoryWideIssues({ issues }: { issues: readonly StoryIssue[] }) {
  const storyWide = issues.filter((issue) => issue.sceneId === null);
  if (storyWide.length === 0) return null;
  return (
    <section aria-label="Problems with the story as a whole" className="space-y-1.5">
      {storyWide.map((issue) => (
        <p key={issue.message} className="flex gap-2 text-sm font-medium text-rose-700 dark:text-rose-300">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-label={countLabel(1, issue.severity)} />
          {issue.message}
        </p>
      ))}
    </section>
  );
}
