// The title's cover (replaced by uploading one image), whether readers can see it, and its figures.
import type { AdminContentDetail } from "@litverse/shared/content";
import { ImageUp } from "lucide-react";
import { useId, useState } from "react";
import { CoverImage } from "../../components/catalogue/cover-image.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { cn } from "../../components/ui/cn.ts";
import { Progress } from "../../components/ui/progress.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { formatCount } from "../../lib/format.ts";
import { useLeaveWarning } from "../../lib/use-leave-warning.ts";
import { useOptimistic } from "./use-optimistic.ts";
import { useReplaceCover, useSetPublished } from "./use-title-changes.ts";

const COVER_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";
const MAX_COVER_BYTES = 50 * 1024 ** 2;

export function CoverPanel({ detail }: { detail: AdminContentDetail }) {
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cover = useReplaceCover(detail._id);
  const publication = useSetPublished(detail);
  const isUploading = progress !== null;
  useLeaveWarning(isUploading);

  const upload = async (file: File) => {
    setError(null);
    if (!file.type.startsWith("image/")) {
      setError(`${file.name} is not an image.`);
      return;
    }
    if (file.size > MAX_COVER_BYTES) {
      setError("That image is over 50 MB; pick a smaller one.");
      return;
    }
    setProgress(0);
    await cover.replace(file, { onProgress: setProgress, onFailed: setError });
    setProgress(null);
  };

  const published = useOptimistic(detail.status === "published");
  const isPublished = published.value;
  const figures = [
    { label: "Episodes", value: formatCount(detail.totalEpisodes) },
    { label: "Released", value: formatCount(detail.episodeCount) },
    { label: "Views", value: formatCount(detail.viewCount) },
    { label: "Followers", value: formatCount(detail.followerCount) },
    {
      label: "Rating",
      value:
        detail.ratingCount > 0 ? `${detail.ratingAverage.toFixed(1)} (${detail.ratingCount})` : "None yet",
    },
    { label: "Likes", value: formatCount(detail.likeCount) },
  ];

  return (
    <Card>
      <CardContent className="space-y-5">
        <Switch
          className="border-b border-border pb-4"
          label="Published"
          description={
            isPublished
              ? "Readers can find it and read its released episodes."
              : "A draft: only admins can see it."
          }
          checked={isPublished}
          disabled={publication.isPending}
          onCheckedChange={(checked) => {
            published.set(checked);
            publication.setPublished(checked, { onFailed: published.clear });
          }}
        />
        <div className="flex gap-4 lg:flex-col">
          <div className="relative aspect-[2/3] w-32 shrink-0 overflow-hidden rounded-xl border border-border bg-muted shadow-sm sm:w-40 lg:w-full">
            <CoverImage
              url={detail.coverImage}
              title={detail.title}
              sizes="(min-width: 1024px) 300px, 160px"
              className="size-full"
              isEager
            />
          </div>
          <div className="min-w-0 flex-1 space-y-3">
            <input
              id={inputId}
              type="file"
              accept={COVER_ACCEPT}
              className="peer sr-only"
              disabled={isUploading}
              aria-label="Cover image"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) void upload(file);
              }}
            />
            <label
              htmlFor={inputId}
              className={cn(
                buttonClasses({ variant: "secondary", className: "w-full cursor-pointer" }),
                "peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500",
                isUploading && "pointer-events-none opacity-50",
              )}
            >
              <ImageUp aria-hidden />
              {detail.coverImage ? "Change cover" : "Upload a cover"}
            </label>
            <p className="text-xs text-muted-foreground">
              JPEG, PNG, WebP or AVIF; 2:3, at least 600 px wide.
            </p>
            {isUploading ? (
              <Progress
                value={cover.isSettingCover ? null : progress}
                label="Uploading the cover"
                size="sm"
                showLabel
              />
            ) : null}
            {error ? (
              <p role="alert" className="text-sm font-medium text-rose-600 dark:text-rose-400">
                {error}
              </p>
            ) : null}
          </div>
        </div>

        <dl className="grid grid-cols-3 gap-3 border-t border-border pt-4 text-sm lg:grid-cols-2">
          {figures.map((figure) => (
            <div key={figure.label}>
              <dt className="text-xs text-muted-foreground">{figure.label}</dt>
              <dd className="font-semibold tabular-nums">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
