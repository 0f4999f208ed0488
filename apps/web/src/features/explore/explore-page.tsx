// Explore: search and browse every title the reader may see. The search, the type, the panel's
// filters and the sort live in the address; results come a page at a time as the reader scrolls
// (or presses "Load more").
import { CONTENT_TYPES, type ContentSort } from "@litverse/shared/content";
import {
  activePanelFilters,
  EXPLORE_PAGE_SIZE,
  type ExploreFilters,
  exploreParams,
  listInput,
  parseExploreParams,
  resultCountLabel,
  withChange,
} from "@litverse/shared/explore-filters";
import { SearchX, SlidersHorizontal, X } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { CARD_GRID_CLASS, CardGridSkeleton } from "../../components/catalogue/card-grid.tsx";
import { TYPE_PLURALS } from "../../components/catalogue/labels.ts";
import { SummaryDetails } from "../../components/catalogue/summary-details.tsx";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import type { SelectItem } from "../../components/ui/select-types.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AdSlot } from "../ads/index.ts";
import { ContentCard } from "../home/index.ts";
import { activeFilterChips, FilterFields } from "./filter-fields.tsx";
import { SearchBox } from "./search-box.tsx";
import { useExploreResults } from "./use-explore.ts";

const loadFilterDialog = () => import("./filter-dialog.tsx");
const FilterDialog = lazy(async () => ({ default: (await loadFilterDialog()).FilterDialog }));
// Only a failed search needs it: kept out of the page's first download.
const ErrorState = lazy(async () => ({
  default: (await import("../../components/ui/error-state.tsx")).ErrorState,
}));

const SORT_LABELS: Record<ContentSort, string> = {
  relevance: "Best match",
  popular: "Popular",
  new: "New",
  top_rated: "Top rated",
};

const CARD_SIZES = "(min-width: 1024px) 190px, (min-width: 768px) 22vw, (min-width: 640px) 30vw, 45vw";

export function ExplorePage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseExploreParams(params), [params]);
  useDocumentTitle(filters.type ? `${TYPE_PLURALS[filters.type]} · Explore` : "Explore");

  const update = useCallback(
    (change: Partial<ExploreFilters>, options: { replace?: boolean } = {}) => {
      setParams(exploreParams(withChange(filters, change)), options);
    },
    [filters, setParams],
  );
  const reset = () => setParams(new URLSearchParams());

  const input = listInput(filters, EXPLORE_PAGE_SIZE);
  const results = useExploreResults(input);
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  const isUpdating = results.isPlaceholderData && results.isFetching;
  const hasMore = Boolean(results.hasNextPage);

  const sortItems: SelectItem<ContentSort>[] = (
    filters.query
      ? (["relevance", "popular", "new", "top_rated"] as const)
      : (["popular", "new", "top_rated"] as const)
  ).map((sort) => ({ value: sort, label: SORT_LABELS[sort] }));

  return (
    <Page width="wide" className="py-8">
      <PageHeader title="Explore" description="Discover books, audiobooks, comics and dramas." />
      <div className="mt-6 space-y-4">
        <SearchBox
          value={filters.query}
          // Refining a search replaces its history entry; starting or clearing one adds an entry.
          onSearch={(query) => update({ query }, { replace: Boolean(filters.query && query) })}
        />
        <TypeChooser value={filters.type} onChange={(type) => update({ type })} />
      </div>

      <div className="mt-6 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-8">
        <aside className="hidden lg:block" aria-labelledby="filters-heading">
          <div className="sticky top-24 rounded-2xl border border-border bg-card p-4 shadow-sm">
            <div className="mb-4 flex items-center justify-between gap-2">
              <h2 id="filters-heading" className="font-semibold">
                Filters
              </h2>
              {activePanelFilters(filters) > 0 ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="-mr-2"
                  onClick={() =>
                    update({ genre: null, releaseStatus: null, accessType: null, ageRating: null })
                  }
                >
                  Clear
                </Button>
              ) : null}
            </div>
            <FilterFields filters={filters} onChange={(change) => update(change)} idPrefix="sidebar" />
          </div>
        </aside>

        <section aria-labelledby="results-heading" className="min-w-0">
          <h2 id="results-heading" className="sr-only">
            Results
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="result-count">
              {results.data ? resultCountLabel(results.data.pages[0]?.total ?? 0, filters.query) : "\u00a0"}
            </p>
            <div className="flex items-center gap-2">
              <FilterSheet filters={filters} onChange={(change) => update(change)} />
              <NativeSelect
                aria-label="Sort by"
                items={sortItems}
                value={filters.sort}
                onValueChange={(sort) => update({ sort })}
                className="w-36"
              />
            </div>
          </div>
          <FilterChips filters={filters} onChange={(change) => update(change)} />

          <div className="mt-5">
            <AdSlot placement="explore" className="mb-6" />
            {results.isPending ? (
              <CardGridSkeleton className={CARD_GRID_CLASS} />
            ) : results.isError && items.length === 0 ? (
              <Suspense fallback={null}>
                <ErrorState
                  title="Could not load titles"
                  error={results.error}
                  onRetry={() => void results.refetch()}
                  isRetrying={results.isFetching}
                />
              </Suspense>
            ) : items.length === 0 ? (
              <EmptyState
                icon={SearchX}
                title="No titles match"
                text={
                  filters.query
                    ? `Nothing matches “${filters.query}” with these filters. Try other words or fewer filters.`
                    : "Nothing matches these filters yet. Try fewer of them."
                }
                action={<Button onClick={reset}>Reset filters</Button>}
              />
            ) : (
              <>
                <ul
                  className={cn(CARD_GRID_CLASS, "transition-opacity", isUpdating && "opacity-60")}
                  aria-busy={isUpdating || undefined}
                  data-testid="explore-results"
                >
                  {items.map((content) => (
                    <li key={content._id}>
                      <ContentCard
                        content={content}
                        sizes={CARD_SIZES}
                        details={<SummaryDetails content={content} />}
                      />
                    </li>
                  ))}
                </ul>
                <MorePages
                  hasMore={hasMore}
                  isLoading={results.isFetchingNextPage}
                  isError={results.isFetchNextPageError}
                  onLoad={() => void results.fetchNextPage()}
                  pageCount={results.data?.pages.length ?? 0}
                />
              </>
            )}
          </div>
        </section>
      </div>
    </Page>
  );
}

/** All, Books, Audiobooks, Comics, Dramas: one pressed at a time. */
function TypeChooser({
  value,
  onChange,
}: {
  value: ExploreFilters["type"];
  onChange: (type: ExploreFilters["type"]) => void;
}) {
  const choices = [
    { type: null, label: "All" },
    ...CONTENT_TYPES.map((type) => ({ type, label: TYPE_PLURALS[type] })),
  ];
  return (
    <fieldset className="-mx-4 flex min-w-0 gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]">
      <legend className="sr-only">Content type</legend>
      {choices.map(({ type, label }) => {
        const isActive = value === type;
        return (
          <button
            key={label}
            type="button"
            aria-pressed={isActive}
            onClick={() => onChange(type)}
            className={cn(
              "h-9 shrink-0 rounded-full border px-4 text-sm font-medium transition",
              isActive
                ? "border-brand-600 bg-brand-600 text-white shadow-sm"
                : "border-border bg-card text-foreground hover:border-brand-500",
            )}
          >
            {label}
          </button>
        );
      })}
    </fieldset>
  );
}

/**
 * On phones and tablets the panel's filters open in a sheet from the Filters button; the sheet's
 * code loads the first time it is wanted.
 */
function FilterSheet({
  filters,
  onChange,
}: {
  filters: ExploreFilters;
  onChange: (change: Partial<ExploreFilters>) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const count = activePanelFilters(filters);
  return (
    <>
      <Button
        variant="secondary"
        className="lg:hidden"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onPointerEnter={() => void loadFilterDialog()}
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
      >
        <SlidersHorizontal aria-hidden />
        Filters
        {count > 0 ? (
          <span className="inline-flex size-5 items-center justify-center rounded-full bg-brand-600 text-xs text-white">
            {count}
            <span className="sr-only"> active</span>
          </span>
        ) : null}
      </Button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <FilterDialog open={isOpen} onOpenChange={setIsOpen} filters={filters} onChange={onChange} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The panel's chosen filters as chips above the results; each one removes its filter. */
function FilterChips({
  filters,
  onChange,
}: {
  filters: ExploreFilters;
  onChange: (change: Partial<ExploreFilters>) => void;
}) {
  const chips = activeFilterChips(filters);
  if (chips.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            onClick={() => onChange(chip.clear)}
            className="inline-flex h-7 items-center gap-1 rounded-full bg-brand-50 pr-2 pl-3 text-xs font-semibold text-brand-700 transition hover:bg-brand-100 dark:bg-brand-500/15 dark:text-brand-100 dark:hover:bg-brand-500/25"
            aria-label={`Remove filter: ${chip.label}`}
          >
            {chip.label}
            <X className="size-3.5" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Loads the next page when the end of the results comes near, and offers a button for keyboards
 * (and for when the automatic loading fails).
 */
function MorePages({
  hasMore,
  isLoading,
  isError,
  onLoad,
  pageCount,
}: {
  hasMore: boolean;
  isLoading: boolean;
  isError: boolean;
  onLoad: () => void;
  pageCount: number;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const onLoadRef = useRef(onLoad);
  onLoadRef.current = onLoad;
  const canAutoLoad = hasMore && !isLoading && !isError;

  // A new observer after every page: it reports at once whether the end is still in sight, so a
  // short page on a tall screen keeps loading until the screen is full.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pageCount re-arms the observer
  useEffect(() => {
    const target = sentinel.current;
    if (!canAutoLoad || !target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadRef.current();
      },
      { rootMargin: "0px 0px 400px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [canAutoLoad, pageCount]);

  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="mt-8 flex flex-col items-center gap-2" data-testid="load-more">
      {isError ? (
        <p className="text-sm text-rose-600 dark:text-rose-400" role="alert">
          Could not load more titles.
        </p>
      ) : null}
      <Button variant="secondary" onClick={onLoad} isLoading={isLoading}>
        {isError ? "Try again" : "Load more"}
      </Button>
    </div>
  );
}
