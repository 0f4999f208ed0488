// A reel's state where its creator and the administrators see it: the status as a badge, the
// conversion's progress while processing, and the reason when it failed, was rejected or removed.
import { type MyReel, REEL_STATUS_LABELS, type ReelStatus } from "@litverse/shared/reels";
import { Clapperboard } from "lucide-react";
import { Badge, type BadgeVariant } from "../../../components/ui/badge.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Progress } from "../../../components/ui/progress.tsx";
import { formatDuration } from "../../../lib/format.ts";

const STATUS_VARIANTS: Record<ReelStatus, BadgeVariant> = {
  processing: "brand",
  pending_review: "warning",
  published: "success",
  rejected: "danger",
  removed: "danger",
  failed: "danger",
};

export function ReelStatusBadge({ status }: { status: ReelStatus }) {
  return (
    <Badge variant={STATUS_VARIANTS[status]} data-testid="reel-status">
      {REEL_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Under the badge: how the conversion is going, or why the reel is not out. */
export function ReelStatusDetail({
  reel,
}: {
  reel: Pick<MyReel, "status" | "progress" | "progressMessage" | "reason">;
}) {
  if (reel.status === "processing") {
    return (
      <div className="space-y-1">
        <Progress value={reel.progress} label="Preparing the reel" size="sm" />
        <p className="text-xs text-muted-foreground">{reel.progressMessage ?? "Preparing the video…"}</p>
      </div>
    );
  }
  if (reel.status === "pending_review") {
    return (
      <p className="text-xs text-muted-foreground">An administrator looks at it before it is published.</p>
    );
  }
  if (reel.reason && (reel.status === "failed" || reel.status === "rejected" || reel.status === "removed")) {
    return (
      <p className="text-xs font-medium text-rose-600 dark:text-rose-400" data-testid="reel-reason">
        {reel.reason}
      </p>
    );
  }
  return null;
}

/** The reel's poster as a small upright picture, with its length. */
export function ReelThumb({
  reel,
  className,
}: {
  reel: Pick<MyReel, "posterUrl" | "durationMs">;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "relative aspect-[9/16] shrink-0 overflow-hidden rounded-lg bg-stone-200 dark:bg-white/10",
        className,
      )}
    >
      {reel.posterUrl ? (
        <img src={reel.posterUrl} alt="" loading="lazy" className="size-full object-cover" />
      ) : (
        <span className="flex size-full items-center justify-center text-muted-foreground">
          <Clapperboard className="size-6" aria-hidden />
        </span>
      )}
      {reel.durationMs ? (
        <span className="absolute right-1 bottom-1 rounded bg-black/70 px-1 text-[11px] font-semibold text-white tabular-nums">
          {formatDuration(reel.durationMs)}
        </span>
      ) : null}
    </div>
  );
}
