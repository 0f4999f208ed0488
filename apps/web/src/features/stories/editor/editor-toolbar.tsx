// The editor's bar: the story's title and save status, undo and redo, adding scenes, layout,
// search, preview, export and publishing.
import {
  ArrowLeft,
  CircleAlert,
  Download,
  EllipsisVertical,
  LayoutGrid,
  Play,
  Plus,
  Redo2,
  Search,
  Send,
  Undo2,
} from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { SaveStatus } from "./save-status.tsx";
import { SceneCombobox } from "./scene-combobox.tsx";
import type { StoryDraft } from "./story-draft.ts";
import { countLabel } from "./story-issues.ts";
import type { Autosave } from "./use-autosave.ts";
import type { DraftHistory } from "./use-draft-history.ts";
import { useExportStory } from "./use-publish-story.ts";

const IS_MAC = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = IS_MAC ? "⌘" : "Ctrl+";

export function EditorToolbar({
  storyId,
  title,
  draft,
  history,
  autosave,
  errorCount,
  versionNumber,
  hasUnpublished,
  isPublishing,
  isLayingOut,
  onPublish,
  onAddScene,
  onAutoLayout,
  onPreview,
  onFind,
}: {
  storyId: string;
  title: string;
  draft: StoryDraft;
  history: DraftHistory;
  autosave: Autosave;
  errorCount: number;
  versionNumber: number | null;
  hasUnpublished: boolean;
  isPublishing: boolean;
  isLayingOut: boolean;
  onPublish: () => void;
  onAddScene: () => void;
  onAutoLayout: () => void;
  onPreview: () => void;
  onFind: (sceneId: string) => void;
}) {
  const { runExport, isExporting } = useExportStory(storyId, autosave.flush);
  const publishState =
    versionNumber === null
      ? "Never published"
      : hasUnpublished
        ? `Version ${versionNumber} published; changes since`
        : `Version ${versionNumber} published`;

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-border bg-card px-3 py-2">
      <div className="order-1 flex min-w-0 flex-1 items-center gap-2">
        <Button asChild variant="ghost" size="icon" className="size-9 shrink-0">
          <Link to="/admin/stories/dashboard" aria-label="All stories">
            <ArrowLeft aria-hidden />
          </Link>
        </Button>
        <div className="min-w-0">
          <h1 className="truncate text-base leading-tight font-semibold">{title}</h1>
          <div className="flex min-w-0 items-center gap-2 text-xs text-muted-foreground">
            <span className="shrink-0" data-testid="publish-state">
              {publishState}
            </span>
            <span aria-hidden>·</span>
            <SaveStatus status={autosave.status} onRetry={() => void autosave.flush()} />
          </div>
        </div>
      </div>

      {/* On phones: title and publishing on the first line, the tools on the second. */}
      <div className="order-3 flex w-full flex-wrap items-center gap-1.5 lg:order-2 lg:w-auto">
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label="Undo"
          title={`Undo (${MOD}Z)`}
          aria-keyshortcuts={IS_MAC ? "Meta+Z" : "Control+Z"}
          disabled={!history.canUndo}
          onClick={history.undo}
        >
          <Undo2 aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label="Redo"
          title={`Redo (${MOD}Shift+Z)`}
          aria-keyshortcuts={IS_MAC ? "Meta+Shift+Z" : "Control+Shift+Z Control+Y"}
          disabled={!history.canRedo}
          onClick={history.redo}
        >
          <Redo2 aria-hidden />
        </Button>
        <Button variant="secondary" size="sm" onClick={onAddScene}>
          <Plus aria-hidden />
          <span className="max-sm:sr-only">Add scene</span>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="max-lg:hidden"
          onClick={onAutoLayout}
          isLoading={isLayingOut}
        >
          <LayoutGrid aria-hidden />
          Auto layout
        </Button>
        <SceneCombobox
          scenes={draft.scenes}
          startSceneId={draft.startSceneId}
          label="Find a scene"
          placeholder="Find a scene"
          icon={<Search />}
          className="min-w-32 flex-1 sm:w-56 sm:flex-none [&_input]:h-8"
          onPick={onFind}
        />
        <Button variant="secondary" size="sm" onClick={onPreview} disabled={draft.scenes.length === 0}>
          <Play aria-hidden />
          <span className="max-sm:sr-only">Preview</span>
        </Button>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="size-9" aria-label="More actions">
              <EllipsisVertical aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem className="lg:hidden" onSelect={onAutoLayout} disabled={isLayingOut}>
              <LayoutGrid aria-hidden />
              Auto layout
            </DropdownMenuItem>
            <DropdownMenuSeparator className="lg:hidden" />
            <DropdownMenuLabel>Export</DropdownMenuLabel>
            <DropdownMenuItem onSelect={() => void runExport("twee")} disabled={isExporting}>
              <Download aria-hidden />
              Twee 3 (.twee)
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => void runExport("html")} disabled={isExporting}>
              <Download aria-hidden />
              Twine 2 HTML (.html)
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <div className="order-2 flex shrink-0 items-center gap-2 lg:order-3">
        <Button
          size="sm"
          onClick={onPublish}
          disabled={errorCount > 0 || autosave.status.state === "conflict"}
          isLoading={isPublishing}
          aria-describedby={errorCount > 0 ? "publish-blocked" : undefined}
        >
          {errorCount > 0 ? <CircleAlert aria-hidden /> : <Send aria-hidden />}
          Publish
        </Button>
        {errorCount > 0 ? (
          <span id="publish-blocked" className="text-xs font-medium text-rose-700 dark:text-rose-300">
            {countLabel(errorCount, "error")}
          </span>
        ) : null}
      </div>
    </div>
  );
}
