// A scene on the map: its title, the start of its text, and marks for the start, an ending, its
// choices and its problems. Drawn for every visible scene at every pan, so it is memoized and
// reads only its own data and the map's level of detail (no hooks into the editor's state).
import { Handle, type NodeProps, Position } from "@xyflow/react";
import { CircleAlert, Flag, GitBranch, ImageIcon, TriangleAlert, Trophy, Unlink } from "lucide-react";
import { memo } from "react";
import { cn } from "../../../components/ui/cn.ts";
import { useIsFar } from "./graph-detail.ts";
import type { SceneNode as SceneNodeType } from "./graph-elements.ts";

function SceneNodeView({ data, selected }: NodeProps<SceneNodeType>) {
  const issue = data.issue;
  const isFar = useIsFar();
  return (
    <div
      className={cn(
        "scene-card flex size-full flex-col gap-1 overflow-hidden rounded-xl border-2 bg-card px-3 py-2 text-left text-foreground",
        issue?.severity === "error"
          ? "border-rose-500 dark:border-rose-400"
          : issue?.severity === "warning"
            ? "border-amber-500 dark:border-amber-300"
            : data.endingName !== null
              ? "border-emerald-500 dark:border-emerald-400"
              : "border-border",
        selected && "ring-4 ring-brand-500/40",
      )}
    >
      <Handle type="target" position={Position.Top} className="scene-handle" />
      <div className="flex min-w-0 items-center gap-1.5">
        {data.isStart ? (
          <Flag className="size-3.5 shrink-0 text-brand-600 dark:text-brand-400" aria-label="Start" />
        ) : null}
        {data.endingName !== null ? (
          <Trophy className="size-3.5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-label="Ending" />
        ) : null}
        <span className="truncate text-sm font-semibold">{data.title}</span>
        {issue ? (
          <span
            className={cn(
              "ml-auto inline-flex shrink-0 items-center gap-0.5 rounded-full px-1.5 text-xs font-semibold",
              issue.severity === "error"
                ? "bg-rose-100 text-rose-800 dark:bg-rose-400/20 dark:text-rose-200"
                : "bg-amber-100 text-amber-900 dark:bg-amber-300/20 dark:text-amber-100",
            )}
          >
            {issue.severity === "error" ? (
              <CircleAlert className="size-3" aria-hidden />
            ) : (
              <TriangleAlert className="size-3" aria-hidden />
            )}
            {issue.count}
          </span>
        ) : null}
      </div>
      {isFar ? null : (
        <>
          <p className="line-clamp-2 text-xs leading-snug text-muted-foreground">
            {data.excerpt || <span className="italic">No text yet</span>}
          </p>
          <div className="mt-auto flex items-center gap-2.5 text-xs text-muted-foreground">
            {data.endingName !== null ? (
              <span className="truncate font-medium text-emerald-700 dark:text-emerald-300">
                {data.endingName}
              </span>
            ) : (
              <span className="inline-flex items-center gap-1">
                <GitBranch className="size-3" aria-hidden />
                {data.choiceCount}
              </span>
            )}
            {data.unconnectedCount > 0 ? (
              <span className="inline-flex items-center gap-1 text-rose-700 dark:text-rose-300">
                <Unlink className="size-3" aria-hidden />
                {data.unconnectedCount}
              </span>
            ) : null}
            {data.hasImage ? <ImageIcon className="size-3" aria-label="Has a picture" /> : null}
          </div>
        </>
      )}
      <Handle type="source" position={Position.Bottom} className="scene-handle" />
    </div>
  );
}

export const SceneNode = memo(SceneNodeView);
