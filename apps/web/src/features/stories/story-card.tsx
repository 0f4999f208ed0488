// A story in the list: cover with the premium marker and the reader's progress, title, genre,
// length in scenes and minutes, and rating.
import type { StoryCard as StoryCardData } from "@litverse/shared/stories";
import { CheckCircle2, Coins, PlayCircle, Sparkles, Star } from "lucide-react";
import { Link } from "react-router";
import { CoverImage } from "../../components/catalogue/cover-image.tsx";
import { genreLabel } from "../../components/catalogue/labels.ts";
import { cn } from "../../components/ui/cn.ts";
import { endingsFoundLabel, minutesLabel, PROGRESS_LABELS, scenesLabel, storyPath } from "./story-labels.ts";

const PROGRESS_ICONS = { new: Sparkles, playing: PlayCircle, finished: CheckCircle2 } as const;

export function StoryCard({ story, sizes }: { story: StoryCardData; sizes: string }) {
  const ProgressIcon = PROGRESS_ICONS[story.progress.status];
  const found = endingsFoundLabel(story.progress.endingsFound, story.endingCount);
  return (
    <li>
      <Link
        to={storyPath(story.id)}
        className="group relative block rounded-xl outline-offset-4"
        data-testid="story-card"
      >
        <div className="relative aspect-[2/3] overflow-hidden rounded-xl border border-border bg-muted shadow-sm transition group-hover:shadow-md">
          <CoverImage
            url={story.coverImage}
            title={story.title}
            sizes={sizes}
            className="size-full transition duration-300 group-hover:scale-[1.03]"
          />
          {story.hasPremiumChoices ? (
            <span className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-full bg-amber-400 px-2 py-0.5 text-[11px] font-semibold text-amber-950 shadow-sm">
              <Coins className="size-3" aria-hidden />
              Premium choices
            </span>
          ) : null}
          <span
            className={cn(
              "absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-medium backdrop-blur",
              story.progress.status === "finished"
                ? "bg-emerald-600/90 text-white"
                : story.progress.status === "playing"
                  ? "bg-brand-600/90 text-white"
                  : "bg-black/60 text-white",
            )}
            data-testid="story-progress"
          >
            <ProgressIcon className="size-3 shrink-0" aria-hidden />
            {PROGRESS_LABELS[story.progress.status]}
          </span>
        </div>
        <p className="mt-2 line-clamp-2 text-sm leading-snug font-semibold group-hover:text-brand-600 dark:group-hover:text-brand-400">
          {story.title}
        </p>
        <p className="line-clamp-1 text-xs text-muted-foreground">
          {[story.genre ? genreLabel(story.genre) : null, `${story.ageRating}+`].filter(Boolean).join(" · ")}
        </p>
        <p className="line-clamp-1 text-xs text-muted-foreground">
          {scenesLabel(story.sceneCount)} · {minutesLabel(story.estimatedMinutes)}
        </p>
        {found ? (
          <p className="line-clamp-1 text-xs text-emerald-700 dark:text-emerald-300">{found}</p>
        ) : null}
        <p className="mt-0.5 flex items-center gap-1 text-xs">
          <Star className="size-3.5 fill-amber-400 text-amber-500" aria-hidden />
          {story.rating.average === null ? (
            <span className="text-muted-foreground">No ratings yet</span>
          ) : (
            <span>
              <span className="sr-only">Rated </span>
              <span className="font-semibold">{story.rating.average.toFixed(1)}</span>
              <span className="text-muted-foreground">
                {" "}
                ({story.rating.count} {story.rating.count === 1 ? "rating" : "ratings"})
              </span>
            </span>
          )}
        </p>
      </Link>
    </li>
  );
}
