// /profile/reels, My Reels: posting a new reel, and the reels posted so far with their state
// (live: processing moves on to published, waiting for review, or failed with the reason), their
// figures, and editing or deleting each.
import { type MyReel, REEL_VISIBILITY_LABELS } from "@litverse/shared/reels";
import { Eye, Heart, Link2, MessageCircle, Pencil, Play, Share2, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { useCurrentUser } from "../../../lib/auth/use-current-user.ts";
import { formatCount, formatRelativeDate } from "../../../lib/format.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { reelPath } from "../feed/feed-logic.ts";
import { ReelStatusBadge, ReelStatusDetail, ReelThumb } from "../shared/reel-status.tsx";
import { EditReelDialog } from "./edit-reel-dialog.tsx";
import { UploadPanel } from "./upload-panel.tsx";
import { useDeleteReel, useMyReels } from "./use-my-reels.ts";

export function MyReelsPage() {
  useDocumentTitle("My Reels");
  const me = useCurrentUser();
  const reels = useMyReels();
  const [editing, setEditing] = useState<MyReel | null>(null);
  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="My Reels"
        description="Short videos you post: from your phone or computer, leading viewers to the stories you love."
        actions={
          <Button variant="secondary" asChild>
            <Link to="/reels">
              <Play aria-hidden />
              Watch reels
            </Link>
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] lg:items-start">
        {me.data ? (
          <UploadPanel userId={me.data._id} />
        ) : (
          <Skeleton className="h-64 w-full rounded-2xl" role="status" aria-label="Loading the upload form" />
        )}
        <section aria-labelledby="my-reels-heading" className="min-w-0">
          <h2 id="my-reels-heading" className="mb-3 text-lg font-semibold">
            Your reels{reels.data ? ` (${reels.data.length})` : ""}
          </h2>
          {reels.isError && !reels.data ? (
            <ErrorState
              title="Could not load your reels"
              error={reels.error}
              onRetry={() => void reels.refetch()}
            />
          ) : !reels.data ? (
            <div className="space-y-3" role="status" aria-label="Loading your reels">
              {[0, 1, 2].map((key) => (
                <Skeleton key={key} className="h-36 w-full rounded-2xl" />
              ))}
            </div>
          ) : reels.data.length === 0 ? (
            <EmptyState
              as="h3"
              icon={Play}
              title="No reels yet"
              text="Post your first: a minute about a book you loved, a scene you cannot forget."
            />
          ) : (
            <ul className="space-y-3" data-testid="my-reels">
              {reels.data.map((reel) => (
                <li key={reel.id}>
                  <MyReelRow reel={reel} onEdit={() => setEditing(reel)} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <EditReelDialog reel={editing} onOpenChange={(open) => !open && setEditing(null)} />
    </Page>
  );
}

function MyReelRow({ reel, onEdit }: { reel: MyReel; onEdit: () => void }) {
  const remove = useDeleteReel(reel.id);
  const canEdit = reel.status !== "removed" && reel.status !== "failed";
  return (
    <article
      className="flex gap-4 rounded-2xl border border-border bg-card p-3 shadow-sm"
      aria-label={reel.caption ? `Reel: ${reel.caption}` : "Reel without a caption"}
      data-testid="my-reel"
    >
      <ReelThumb reel={reel} className="w-20 sm:w-24" />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <ReelStatusBadge status={reel.status} />
          <span className="text-xs text-muted-foreground">
            {REEL_VISIBILITY_LABELS[reel.visibility]} ·{" "}
            {formatRelativeDate(reel.publishedAt ?? reel.createdAt)}
          </span>
        </div>
        <p className="line-clamp-2 text-sm break-words">
          {reel.caption || <span className="text-muted-foreground italic">No caption</span>}
        </p>
        {reel.link ? (
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Link2 className="size-3.5 shrink-0" aria-hidden />
            <span className="truncate">
              {reel.link.title}
              {reel.link.episodeNumber ? `, episode ${reel.link.episodeNumber}` : ""}
            </span>
          </p>
        ) : null}
        <ReelStatusDetail reel={reel} />
        {reel.status === "published" ? <Figures figures={reel.figures} /> : null}
        <div className="flex flex-wrap gap-1.5 pt-1">
          {reel.status === "published" ? (
            <Button variant="secondary" size="sm" asChild>
              <Link to={reelPath(reel.id)}>
                <Play aria-hidden />
                Watch
              </Link>
            </Button>
          ) : null}
          {canEdit ? (
            <Button variant="ghost" size="sm" onClick={onEdit}>
              <Pencil aria-hidden />
              Edit
            </Button>
          ) : null}
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm" className="text-rose-600 dark:text-rose-400">
                <Trash2 aria-hidden />
                Delete
              </Button>
            }
            title="Delete this reel?"
            description="The video, its comments and its figures go for good."
            confirmLabel="Delete reel"
            onConfirm={remove}
            errorFallback="Could not delete the reel."
          />
        </div>
      </div>
    </article>
  );
}

function Figures({ figures }: { figures: MyReel["figures"] }) {
  const items = [
    { icon: Eye, label: "views", value: figures.views },
    { icon: Heart, label: "likes", value: figures.likes },
    { icon: MessageCircle, label: "comments", value: figures.comments },
    { icon: Share2, label: "shares", value: figures.shares },
  ];
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Figures">
      {items.map(({ icon: Icon, label, value }) => (
        <li key={label} className="inline-flex items-center gap-1 tabular-nums">
          <Icon className="size-3.5" aria-hidden />
          {formatCount(value)}
          <span className="sr-only">{label}</span>
        </li>
      ))}
    </ul>
  );
}
