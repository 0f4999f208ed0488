// Every title, draft or published, newest change first: search, type and status filters, pages
// added with "Load more". Each loaded page is a live query, so edits by anyone show at once.
import {
  CONTENT_TYPES,
  type ContentType,
  PUBLICATION_STATUSES,
  type PublicationStatus,
} from "@litverse/shared/content";
import { BookPlus, SearchX } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AccessBadge } from "../../components/catalogue/access-badge.tsx";
import { CoverImage } from "../../components/catalogue/cover-image.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { formatCount, formatDateTime, formatRelativeDate } from "../../lib/format.ts";
import { editorPath } from "./imports-panel.tsx";
import { CONTENT_TYPE_LABELS, PUBLICATION_LABELS } from "./labels.ts";
import { type ContentFilters, useContentPages, useLiveContentPage } from "./use-content-list.ts";

const SEARCH_DELAY_MS = 300;

type TypeFilter = ContentType | "all";
type StatusFilter = PublicationStatus | "all";

const TYPE_ITEMS = [
  { value: "all" as const, label: "All types" },
  ...CONTENT_TYPES.map((type) => ({ value: type, label: CONTENT_TYPE_LABELS[type] })),
];
const STATUS_ITEMS = [
  { value: "all" as const, label: "Any status" },
  ...PUBLICATION_STATUSES.map((status) => ({ value: status, label: PUBLICATION_LABELS[status] })),
];

/** Filters live in the address (?q=&type=&status=), so a filtered list can be shared. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const type = params.get("type");
  const status = params.get("status");
  const filters: ContentFilters = {
    query: params.get("q")?.trim() || undefined,
    type: (CONTENT_TYPES as readonly string[]).includes(type ?? "") ? (type as ContentType) : undefined,
    status: (PUBLICATION_STATUSES as readonly string[]).includes(status ?? "")
      ? (status as PublicationStatus)
      : undefined,
  };
  const set = (name: string, value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return { filters, set, clear: () => setParams({}, { replace: true }) };
}

export function ContentList() {
  const { filters, set, clear } = useFilters();
  const [search, setSearch] = useState(filters.query ?? "");

  // The address follows the search box a moment after typing stops.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text starts the wait
  useEffect(() => {
    if ((filters.query ?? "") === search.trim()) return;
    const timer = setTimeout(() => set("q", search.trim() || undefined), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const isFiltered = Boolean(filters.query || filters.type || filters.status);

  return (
    <section aria-labelledby="titles-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="titles-heading" className="text-lg font-semibold">
          Titles
        </h2>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:items-center">
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search title, author, tags"
            aria-label="Search titles"
            className="sm:w-64"
          />
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <Select<TypeFilter>
              items={TYPE_ITEMS}
              value={filters.type ?? "all"}
              onValueChange={(value) => set("type", value === "all" ? undefined : value)}
              aria-label="Type"
              className="sm:w-36"
            />
            <Select<StatusFilter>
              items={STATUS_ITEMS}
              value={filters.status ?? "all"}
              onValueChange={(value) => set("status", value === "all" ? undefined : value)}
              aria-label="Status"
              className="sm:w-36"
            />
          </div>
        </div>
      </div>
      <ContentTable
        filters={filters}
        isFiltered={isFiltered}
        onClearFilters={() => {
          setSearch("");
          clear();
        }}
      />
    </section>
  );
}

/** Keeps one loaded page current (see useLiveQuery); the table reads the pages together. */
function LivePage({ filters, cursor }: { filters: ContentFilters; cursor: string | undefined }) {
  useLiveContentPage(filters, cursor);
  return null;
}

function ContentTable({
  filters,
  isFiltered,
  onClearFilters,
}: {
  filters: ContentFilters;
  isFiltered: boolean;
  onClearFilters: () => void;
}) {
  const navigate = useNavigate();
  const { cursors, first, rows, nextCursor, isLoadingMore, loadMore, hasFailedMore, retryFailed } =
    useContentPages(filters);
  const watchers = cursors.map((cursor) => (
    <LivePage key={cursor ?? "first"} filters={filters} cursor={cursor} />
  ));

  if (!first?.data) {
    if (first?.isError) {
      return (
        <ErrorState
          title="Could not load the titles"
          error={first.error}
          onRetry={() => void first.refetch()}
          isRetrying={first.isFetching}
        />
      );
    }
    return (
      <>
        {watchers}
        <TableSkeleton />
      </>
    );
  }

  if (rows.length === 0) {
    return (
      <>
        {watchers}
        {isFiltered ? (
          <EmptyState
            icon={SearchX}
            as="h3"
            title="No titles match"
            text="Try other words, or clear the filters."
            action={
              <Button variant="secondary" onClick={onClearFilters}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={BookPlus}
            as="h3"
            title="No titles yet"
            text="Create a title, or import EPUB, CBZ, audio or video files to make one."
          />
        )}
      </>
    );
  }

  return (
    <div className="space-y-3">
      {watchers}
      <Table caption="Titles" aria-busy={first.isPlaceholderData || undefined}>
        <THead>
          <tr>
            <TH>Title</TH>
            <TH>Type</TH>
            <TH>Status</TH>
            <TH>Episodes</TH>
            <TH>Access</TH>
            <TH>Age</TH>
            <TH className="text-right">Views</TH>
            <TH>Updated</TH>
          </tr>
        </THead>
        <TBody>
          {rows.map((row) => (
            <TR
              key={row._id}
              className="cursor-pointer"
              onClick={(event) => {
                // The title's link handles its own clicks (and middle clicks, new tabs).
                if ((event.target as HTMLElement).closest("a")) return;
                navigate(editorPath(row._id));
              }}
              data-testid="content-row"
            >
              <TD>
                <div className="flex items-center gap-3">
                  <div className="aspect-[2/3] w-10 shrink-0 overflow-hidden rounded-md border border-border bg-muted">
                    <CoverImage url={row.coverImage} title="" sizes="40px" className="size-full" />
                  </div>
                  <div className="min-w-40 max-w-72 whitespace-normal">
                    <Link
                      to={editorPath(row._id)}
                      className="line-clamp-2 font-semibold hover:text-brand-600 hover:underline dark:hover:text-brand-400"
                    >
                      {row.title}
                    </Link>
                    <p className="line-clamp-1 text-xs text-muted-foreground">{row.author}</p>
                  </div>
                </div>
              </TD>
              <TD>{CONTENT_TYPE_LABELS[row.contentType]}</TD>
              <TD>
                <Badge variant={row.status === "published" ? "success" : "neutral"}>
                  {PUBLICATION_LABELS[row.status]}
                </Badge>
              </TD>
              <TD>
                <span className="tabular-nums">{row.totalEpisodes}</span>
                {row.scheduledEpisodes > 0 ? (
                  <span className="block text-xs text-muted-foreground">
                    {row.scheduledEpisodes} scheduled
                  </span>
                ) : null}
              </TD>
              <TD>
                {row.accessType === "free" ? (
                  <span className="text-muted-foreground">Free</span>
                ) : (
                  <AccessBadge accessType={row.accessType} />
                )}
              </TD>
              <TD className="tabular-nums">{row.ageRating}+</TD>
              <TD className="text-right tabular-nums">{formatCount(row.viewCount)}</TD>
              <TD>
                <time
                  dateTime={row.updatedAt}
                  title={formatDateTime(row.updatedAt)}
                  className="text-muted-foreground"
                >
                  {formatRelativeDate(row.updatedAt)}
                </time>
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
        <span aria-live="polite">
          {rows.length} {rows.length === 1 ? "title" : "titles"}
          {nextCursor ? " so far" : ""}
        </span>
        {nextCursor || isLoadingMore ? (
          <Button variant="secondary" isLoading={isLoadingMore} onClick={loadMore}>
            Load more
          </Button>
        ) : null}
      </div>
      {hasFailedMore ? (
        <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
          Could not load more titles.{" "}
          <button type="button" className="font-semibold underline" onClick={retryFailed}>
            Try again
          </button>
        </p>
      ) : null}
    </div>
  );
}

function TableSkeleton() {
  return (
    <div className="rounded-xl border border-border bg-card p-4" role="status" aria-label="Loading titles">
      <Skeleton className="mb-4 h-6 w-full" />
      {[0, 1, 2, 3, 4, 5].map((row) => (
        <div key={row} className="flex items-center gap-3 py-2">
          <Skeleton className="h-15 w-10 shrink-0" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </div>
          <Skeleton className="hidden h-4 w-20 sm:block" />
          <Skeleton className="hidden h-4 w-16 sm:block" />
        </div>
      ))}
    </div>
  );
}
