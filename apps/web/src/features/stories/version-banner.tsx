// A newer version of the story is out: offer the move when the reader's scene is still in it
// (stats carried over), or explain that only a restart reaches it.
import type { PlayView } from "@litverse/shared/stories";
import { Sparkles } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";

export function VersionBanner({
  newer,
  isSwitching,
  onSwitch,
  onRestart,
}: {
  newer: NonNullable<PlayView["newerVersion"]>;
  isSwitching: boolean;
  onSwitch: () => void;
  onRestart: () => void;
}) {
  return (
    <div
      className="mt-4 flex flex-col gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-4 text-sm text-stone-900 sm:flex-row sm:items-center dark:border-brand-400/30 dark:bg-brand-500/10 dark:text-stone-100"
      data-testid="version-banner"
    >
      <Sparkles className="size-5 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">Version {newer.versionNumber} of this story is out.</span>{" "}
        {newer.sceneExists
          ? "You can carry on there from this very scene."
          : "This scene is not in it, so you keep playing this version; restart to play the new one."}
      </p>
      {newer.sceneExists ? (
        <Button size="sm" onClick={onSwitch} isLoading={isSwitching}>
          Switch to version {newer.versionNumber}
        </Button>
      ) : (
        <Button size="sm" variant="secondary" onClick={onRestart}>
          Restart on the new version
        </Button>
      )}
    </div>
  );
}
