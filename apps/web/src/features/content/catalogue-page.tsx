// Browse Library: the catalogue at a glance, a row of popular titles per kind and every genre, each
// leading on to explore with that filter.
import { CONTENT_TYPES, type ContentType } from "@litverse/shared/content";
import { ArrowRight, Library } from "lucide-react";
import { Link } from "react-router";
import { CardGridSkeleton } from "../../components/catalogue/card-grid.tsx";
import { genreLabel, TYPE_ICONS, TYPE_PLURALS } from "../../components/catalogue/labels.ts";
import { SummaryDetails } from "../../components/catalogue/summary-details.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { ContentCard } from "../home/index.ts";
import { useGenres, usePopularTitles } from "./use-catalogue.ts";

/** Titles per row: one full row of six on wide screens, two of three on tablets. */
const ROW_SIZE = 6;
/** A row scrolls sideways on phones and is a grid above. */
const ROW_CLASS =
  "-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 [scrollbar-width:thin] sm:mx-0 sm:grid sm:grid-cols-3 sm:gap-4 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-6";
const ITEM_CLASS = "w-36 shrink-0 snap-start sm:w-auto";

export function CataloguePage() {
  useDocumentTitle("Browse Library");
  return (
    <Page width="wide" className="space-y-10 py-8">
      <PageHeader
        title="Browse Library"
        description="Every title on Litverse, by type and genre."
        actions={
          <Button variant="secondary" asChild>
            <Link to="/explore">
              Search and filter
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        }
      />
      <Genres />
      {CONTENT_TYPES.map((type) => (
        <TypeRow key={type} type={type} />
      ))}
    </Page>
  );
}

function TypeRow({ type }: { type: ContentType }) {
  const titles = usePopularTitles(type, ROW_SIZE);
  const headingId = `row-${type}`;
  const Icon = TYPE_ICONS[type];
  const items = titles.data?.items ?? [];
  return (
    <section aria-labelledby={headingId} data-testid="library-row">
      <div className="mb-3 flex items-end justify-between gap-4">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold sm:text-xl">
          <Icon className="size-5 text-brand-500" aria-hidden />
          {TYPE_PLURALS[type]}
        </h2>
        <Link
          to={`/explore?type=${type}`}
          className="shrink-0 rounded text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
          aria-label={`See all ${TYPE_PLURALS[type].toLowerCase()}`}
        >
          See all
        </Link>
      </div>
      {titles.isPending ? (
        <CardGridSkeleton
          count={ROW_SIZE}
          label={`Loading ${TYPE_PLURALS[type].toLowerCase()}`}
          className={ROW_CLASS}
          itemClassName={ITEM_CLASS}
        />
      ) : titles.isError ? (
        <ErrorState
          title={`Could not load ${TYPE_PLURALS[type].toLowerCase()}`}
          error={titles.error}
          onRetry={() => void titles.refetch()}
          isRetrying={titles.isFetching}
        />
      ) : items.length === 0 ? (
        <EmptyState
          as="h3"
          icon={Icon}
          title={`No ${TYPE_PLURALS[type].toLowerCase()} yet`}
          text="New titles arrive all the time. Look again soon."
          className="py-8"
        />
      ) : (
        <ul className={ROW_CLASS}>
          {items.map((content) => (
            <li key={content._id} className={ITEM_CLASS}>
              <ContentCard
                content={content}
                sizes="(min-width: 1024px) 170px, (min-width: 640px) 30vw, 144px"
                details={<SummaryDetails content={content} />}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Genres() {
  const genres = useGenres();
  return (
    <section aria-labelledby="genres-heading">
      <h2 id="genres-heading" className="mb-3 text-lg font-bold sm:text-xl">
        Genres
      </h2>
      {genres.isPending ? (
        <div className="flex flex-wrap gap-2" role="status" aria-label="Loading genres">
          {["w-20", "w-28", "w-24", "w-16", "w-32", "w-20", "w-24"].map((width, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} className={`h-9 rounded-full ${width}`} />
          ))}
        </div>
      ) : genres.isError ? (
        <ErrorState
          title="Could not load genres"
          error={genres.error}
          onRetry={() => void genres.refetch()}
          isRetrying={genres.isFetching}
        />
      ) : genres.data.length === 0 ? (
        <EmptyState as="h3" icon={Library} title="No genres yet" className="py-8" />
      ) : (
        <ul className="flex flex-wrap gap-2" data-testid="genre-cloud">
          {genres.data.map(({ genre, count }) => (
            <li key={genre}>
              <Link
                to={`/explore?genre=${encodeURIComponent(genre)}`}
                className="inline-flex h-9 items-center gap-2 rounded-full border border-border bg-card px-4 text-sm font-medium shadow-sm transition hover:border-brand-500 hover:text-brand-700 dark:hover:text-brand-100"
              >
                {genreLabel(genre)}
                <span className="rounded-full bg-muted px-1.5 text-xs text-muted-foreground tabular-nums">
                  <span className="sr-only">, </span>
                  {count}
                  <span className="sr-only"> titles</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
