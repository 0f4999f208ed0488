// "Continue reading" at the top of home: the titles in progress, each card leading straight back
// into its episode. Hidden while loading, on failure and when nothing is in progress: home has
// its shelves either way.
import { EAGER_COVER_COUNT, SHELF_ITEM_LIMIT } from "@litverse/shared/content";
import { Link } from "react-router";
import { readerPath } from "../../components/catalogue/labels.ts";
import { SHELF_GRID_CLASS } from "../../components/catalogue/shelf-grid.ts";
import { Progress } from "../../components/ui/progress.tsx";
import { ContentCard } from "./content-card.tsx";
import { useContinueEntries } from "./use-home-shelves.ts";

export function ContinueShelf() {
  const entries = useContinueEntries();
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="continue-heading" data-testid="continue-shelf">
      <div className="mb-3 flex items-end justify-between gap-4">
        <div>
          <h2 id="continue-heading" className="text-lg font-bold sm:text-xl">
            Continue reading
          </h2>
          <p className="text-sm text-muted-foreground">Pick up right where you stopped.</p>
        </div>
        <Link
          to="/my-library"
          className="shrink-0 text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
          aria-label="See all: Continue reading"
        >
          See all
        </Link>
      </div>
      <ul className={SHELF_GRID_CLASS}>
        {entries.slice(0, SHELF_ITEM_LIMIT).map(({ content, next }, index) =>
          next ? (
            <li key={content._id}>
              <ContentCard
                content={content}
                isEager={index < EAGER_COVER_COUNT}
                to={readerPath(content.contentType, content._id, next.number)}
                details={
                  <div className="mt-1.5">
                    <p className="mb-1 text-xs text-muted-foreground">
                      Episode {next.number}
                      {next.fraction > 0 ? ` · ${Math.round(next.fraction * 100)}%` : " · up next"}
                    </p>
                    <Progress
                      value={next.fraction}
                      label={`${content.title}, episode ${next.number}`}
                      size="sm"
                    />
                  </div>
                }
              />
            </li>
          ) : null,
        )}
      </ul>
    </section>
  );
}
