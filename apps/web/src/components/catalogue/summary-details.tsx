// The lines a richer card adds under the author: rating, episodes and genres.
import type { ContentSummary } from "@litverse/shared/content";
import { Star } from "lucide-react";
import { episodeCountLabel, genreLabel } from "./labels.ts";

export function SummaryDetails({ content }: { content: ContentSummary }) {
  const genres = content.genres.slice(0, 2).map(genreLabel).join(" · ");
  return (
    <>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
        {content.ratingCount > 0 ? (
          <span className="inline-flex items-center gap-0.5 font-medium text-foreground">
            <Star className="size-3 fill-amber-400 text-amber-500" aria-hidden />
            <span className="sr-only">Rated</span>
            {content.ratingAverage.toFixed(1)}
            <span className="sr-only">out of 5,</span>
          </span>
        ) : null}
        <span>{episodeCountLabel(content.episodeCount)}</span>
      </p>
      {genres ? <p className="line-clamp-1 text-xs text-muted-foreground">{genres}</p> : null}
    </>
  );
}
