// /admin/reels/management: every reel, filtered by status, official or not, featured, or words;
// approving or rejecting (with a reason) what waits for review, featuring, removing (with a
// reason), previewing any reel, uploading the team's official reels for titles, and the setting
// that makes users' reels wait for review.
import {
  type AdminReel,
  REEL_STATUS_LABELS,
  REEL_STATUSES,
  REEL_VISIBILITY_LABELS,
  type ReelStatus,
} from "@litverse/shared/reels";
import { BadgeCheck, Check, Clapperboard, Eye, Link2, Plus, Star, StarOff, Trash2, X } from "lucide-react";
import { useState } from "react";
import { PagedListStates, SearchBox, useSearchQuery } from "../../../components/paged-list/list-parts.tsx";
import { PersonAvatar } from "../../../components/people/person-avatar.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { ReasonDialog } from "../../../components/ui/reason-dialog.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { useCurrentUser } from "../../../lib/auth/use-current-user.ts";
import { formatCount, formatRelativeDate } from "../../../lib/format.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { ReelStatusBadge, ReelStatusDetail, ReelThumb } from "../shared/reel-status.tsx";
import { UploadPanel } from "../uploads/upload-panel.tsx";
import { useAdminReels, useReelDecisions, useReelReview, useReviewSetting } from "./use-reel-moderation.ts";

type Choice = "all" | "yes" | "no";
const asFilter = (choice: Choice) => (choice === "all" ? null : choice === "yes");

export function ReelsManagementPage() {
  useDocumentTitle("Manage Reels");
  const me = useCurrentUser();
  const [status, setStatus] = useState<ReelStatus | "all">("all");
  const [official, setOfficial] = useState<Choice>("all");
  const [featured, setFeatured] = useState<Choice>("all");
  const [text, query, setText] = useSearchQuery();
  const [isUploading, setIsUploading] = useState(false);
  const input = {
    status: status === "all" ? null : status,
    official: asFilter(official),
    featured: asFilter(featured),
    search: query || null,
  };
  const { first, list } = useAdminReels(input);
  const [rejecting, setRejecting] = useState<AdminReel | null>(null);
  const [removing, setRemoving] = useState<AdminReel | null>(null);
  const [previewing, setPreviewing] = useState<AdminReel | null>(null);
  const decisions = useReelDecisions();
  const pendingCount = first.data?.pendingCount ?? 0;
  const isFiltered = status !== "all" || official !== "all" || featured !== "all" || query !== "";

  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Manage Reels"
        description="Review what readers post, feature the best, and upload the team's reels for titles."
        actions={
          <Button
            variant={isUploading ? "secondary" : "primary"}
            onClick={() => setIsUploading((value) => !value)}
          >
            {isUploading ? <X aria-hidden /> : <Plus aria-hidden />}
            {isUploading ? "Close the upload" : "Upload official reel"}
          </Button>
        }
      />
      {isUploading && me.data ? (
        <UploadPanel userId={me.data._id} official onPosted={() => setIsUploading(false)} />
      ) : null}
      <ReviewSetting />
      <div className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-3 shadow-sm sm:flex-row sm:flex-wrap sm:items-center sm:p-4">
        <SearchBox value={text} onChange={setText} label="Search captions, creators, titles" />
        <NativeSelect<ReelStatus | "all">
          aria-label="Status"
          className="sm:w-52"
          value={status}
          onValueChange={setStatus}
          items={[
            { value: "all", label: "Every status" },
            ...REEL_STATUSES.map((value) => ({
              value,
              label:
                value === "pending_review" && pendingCount > 0
                  ? `${REEL_STATUS_LABELS[value]} (${pendingCount})`
                  : REEL_STATUS_LABELS[value],
            })),
          ]}
        />
        <NativeSelect<Choice>
          aria-label="Official or not"
          className="sm:w-44"
          value={official}
          onValueChange={setOfficial}
          items={[
            { value: "all", label: "Official and users'" },
            { value: "yes", label: "Official only" },
            { value: "no", label: "Users' only" },
          ]}
        />
        <NativeSelect<Choice>
          aria-label="Featured or not"
          className="sm:w-40"
          value={featured}
          onValueChange={setFeatured}
          items={[
            { value: "all", label: "Featured or not" },
            { value: "yes", label: "Featured" },
            { value: "no", label: "Not featured" },
          ]}
        />
        {pendingCount > 0 && status !== "pending_review" ? (
          <Button
            variant="ghost"
            size="sm"
            className="sm:ml-auto"
            onClick={() => setStatus("pending_review")}
          >
            {pendingCount} waiting for review
          </Button>
        ) : null}
      </div>
      <PagedListStates
        first={first}
        list={list}
        what="reels"
        empty={
          <EmptyState
            icon={Clapperboard}
            title={isFiltered ? "No reel matches" : "No reels yet"}
            text={
              isFiltered ? "Try other filters or words." : "Reels appear here as soon as someone uploads one."
            }
          />
        }
      >
        <ul className="space-y-3" data-testid="admin-reels">
          {list.items.map((reel) => (
            <li key={reel.id}>
              <AdminReelRow
                reel={reel}
                onPreview={() => setPreviewing(reel)}
                onReject={() => setRejecting(reel)}
                onRemove={() => setRemoving(reel)}
              />
            </li>
          ))}
        </ul>
      </PagedListStates>
      <ReasonDialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title="Reject this reel?"
        description="It is not published. Its creator sees the reason in My Reels."
        confirmLabel="Reject reel"
        reasonHint="Shown to the creator."
        failureMessage="Could not reject the reel. Please try again."
        onConfirm={async (reason) => {
          if (rejecting) await decisions.reject(rejecting.id, reason);
        }}
      />
      <ReasonDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this reel?"
        description="It leaves the feed and its video files are deleted. Its creator sees the reason."
        confirmLabel="Remove reel"
        reasonHint="Shown to the creator and kept with the reel."
        failureMessage="Could not remove the reel. Please try again."
        onConfirm={async (reason) => {
          if (removing) await decisions.remove(removing.id, reason);
        }}
      />
      <PreviewDialog reel={previewing} onOpenChange={(open) => !open && setPreviewing(null)} />
    </Page>
  );
}

function ReviewSetting() {
  const { settings, setRequireReview, isUpdating } = useReviewSetting();
  if (!settings) return <Skeleton className="h-20 w-full rounded-2xl" />;
  return (
    <div className="rounded-2xl border border-border bg-card p-4 shadow-sm">
      <Switch
        label="Review users' reels before they are published"
        description="Reels by readers wait here until an administrator approves them. The team's own reels never wait."
        checked={settings.requireReview}
        disabled={isUpdating}
        onCheckedChange={setRequireReview}
      />
    </div>
  );
}

function AdminReelRow({
  reel,
  onPreview,
  onReject,
  onRemove,
}: {
  reel: AdminReel;
  onPreview: () => void;
  onReject: () => void;
  onRemove: () => void;
}) {
  const review = useReelReview(reel.id);
  return (
    <article
      className="flex gap-4 rounded-2xl border border-border bg-card p-3 shadow-sm"
      aria-label={`Reel by ${reel.creator.name}`}
      data-testid="admin-reel"
      data-status={reel.status}
    >
      <ReelThumb reel={reel} className="w-20 sm:w-24" />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <ReelStatusBadge status={reel.status} />
          {reel.isOfficial ? (
            <Badge variant="brand">
              <BadgeCheck aria-hidden />
              Official
            </Badge>
          ) : null}
          {reel.isFeatured ? (
            <Badge variant="premium">
              <Star aria-hidden />
              Featured
            </Badge>
          ) : null}
          <span className="text-xs text-muted-foreground">
            {REEL_VISIBILITY_LABELS[reel.visibility]} · {formatRelativeDate(reel.createdAt)}
          </span>
        </div>
        <p className="flex items-center gap-2 text-sm font-medium">
          <PersonAvatar person={reel.creator} size="xs" />
          <span className="truncate">{reel.creator.name}</span>
        </p>
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
        {reel.status === "published" ? (
          <p className="text-xs text-muted-foreground tabular-nums">
            {formatCount(reel.figures.views)} views · {formatCount(reel.figures.likes)} likes ·{" "}
            {formatCount(reel.figures.comments)} comments · {formatCount(reel.figures.shares)} shares
          </p>
        ) : null}
        {reel.reviewedBy && reel.reviewedAt ? (
          <p className="text-xs text-muted-foreground">
            Reviewed by {reel.reviewedBy.name} {formatRelativeDate(reel.reviewedAt)}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-1.5 pt-1">
          {reel.videoUrl ? (
            <Button variant="secondary" size="sm" onClick={onPreview}>
              <Eye aria-hidden />
              Preview
            </Button>
          ) : null}
          {reel.status === "pending_review" ? (
            <>
              <Button size="sm" isLoading={review.isApproving} onClick={review.approve}>
                <Check aria-hidden />
                Approve
              </Button>
              <Button variant="secondary" size="sm" onClick={onReject}>
                <X aria-hidden />
                Reject
              </Button>
            </>
          ) : null}
          {reel.status === "published" ? (
            <Button
              variant="ghost"
              size="sm"
              isLoading={review.isFeaturing}
              aria-pressed={reel.isFeatured}
              onClick={() => review.setFeatured(!reel.isFeatured)}
            >
              {reel.isFeatured ? <StarOff aria-hidden /> : <Star aria-hidden />}
              {reel.isFeatured ? "Unfeature" : "Feature"}
            </Button>
          ) : null}
          {reel.status === "removed" || reel.status === "failed" ? null : (
            <Button variant="ghost" size="sm" className="text-rose-600 dark:text-rose-400" onClick={onRemove}>
              <Trash2 aria-hidden />
              Remove
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}

/** Watching a reel as it is, whatever its status, before deciding on it. */
function PreviewDialog({
  reel,
  onOpenChange,
}: {
  reel: AdminReel | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={reel !== null} onOpenChange={onOpenChange}>
      {reel?.videoUrl ? (
        <DialogContent
          size="sm"
          title={`Reel by ${reel.creator.name}`}
          description={reel.caption || "No caption"}
        >
          {/* biome-ignore lint/a11y/useMediaCaption: the creator's caption track is added when there is one */}
          <video
            src={reel.videoUrl}
            poster={reel.posterUrl ?? undefined}
            controls
            autoPlay
            playsInline
            className="mx-auto max-h-[70dvh] w-full rounded-xl bg-black object-contain"
            aria-label="Reel preview"
          >
            {reel.captionsUrl ? (
              <track kind="captions" src={reel.captionsUrl} srcLang="en" label="Captions" default />
            ) : null}
          </video>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
