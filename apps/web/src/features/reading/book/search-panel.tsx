// Search in the whole book: matches grouped by chapter with the words around them; choosing one
// opens its chapter at that match, highlighted.
import type { BookSearchHit } from "@litverse/shared/content";
import { Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useBookSearch } from "./use-book-search.ts";

const MIN_QUERY = 2;
const TYPING_PAUSE_MS = 300;

export function SearchPanel({
  open,
  onOpenChange,
  contentId,
  query,
  onQueryChange,
  currentNumber,
  onOpenHit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contentId: string;
  query: string;
  onQueryChange: (query: string) => void;
  currentNumber: number;
  onOpenHit: (hit: BookSearchHit, query: string) => void;
}) {
  const [typed, setTyped] = useState(query);
  const trimmed = query.trim();
  const resultsId = useId();
  useEffect(() => {
    const next = typed;
    if (next.trim() === query.trim()) return;
    const timer = setTimeout(() => onQueryChange(next), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, query, onQueryChange]);

  const search = useBookSearch(contentId, trimmed, open && trimmed.length >= MIN_QUERY);

  const groups = new Map<number, { title: string; hits: BookSearchHit[] }>();
  for (const hit of search.data?.results ?? []) {
    const group = groups.get(hit.number) ?? { title: hit.title, hits: [] };
    group.hits.push(hit);
    groups.set(hit.number, group);
  }
  const shown = search.data?.results.length ?? 0;
  const total = search.data?.total ?? 0;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Search in the book" size="lg" className="sm:min-h-[60dvh]">
        <search className="contents">
          <form
            className="sticky top-0 z-10 -mx-5 bg-card px-5 pt-1 pb-3"
            onSubmit={(event) => {
              event.preventDefault();
              onQueryChange(typed);
            }}
          >
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden
              />
              <Input
                type="search"
                aria-label="Search in the book"
                aria-controls={resultsId}
                placeholder="Words or a phrase"
                className="pl-9"
                value={typed}
                autoFocus
                onChange={(event) => setTyped(event.target.value)}
              />
            </div>
          </form>
        </search>
        <div id={resultsId} aria-live="polite" aria-busy={search.isFetching}>
          {trimmed.length < MIN_QUERY ? (
            <p className="py-6 text-center text-sm text-muted-foreground">
              Type at least {MIN_QUERY} characters to search every chapter.
            </p>
          ) : search.isError ? (
            <ErrorState
              title="Could not search"
              error={search.error}
              onRetry={() => void search.refetch()}
              isRetrying={search.isFetching}
            />
          ) : !search.data ? (
            <p className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
              <Spinner /> Searching…
            </p>
          ) : total === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">No matches for “{trimmed}”.</p>
          ) : (
            <>
              <p className="mb-2 text-sm text-muted-foreground" data-testid="book-search-count">
                {total === 1 ? "1 match" : `${total.toLocaleString()} matches`}
                {shown < total
                  ? ` · the first ${shown} shown`
                  : ` in ${groups.size === 1 ? "1 chapter" : `${groups.size} chapters`}`}
              </p>
              <div className="space-y-4">
                {[...groups.entries()].map(([number, group]) => (
                  <section key={number} aria-labelledby={`${resultsId}-${number}`}>
                    <h3
                      id={`${resultsId}-${number}`}
                      className="sticky top-14 z-[1] -mx-1 flex items-baseline justify-between gap-2 bg-card px-1 py-1 text-sm font-semibold"
                    >
                      <span className="truncate">
                        {number}. {group.title}
                        {number === currentNumber ? (
                          <span className="ml-1 font-normal text-muted-foreground">(this chapter)</span>
                        ) : null}
                      </span>
                      <span className="shrink-0 text-xs font-normal text-muted-foreground tabular-nums">
                        {group.hits.length}
                      </span>
                    </h3>
                    <ul className="divide-y divide-[var(--border)]">
                      {group.hits.map((hit) => (
                        <li key={hit.occurrence}>
                          <button
                            type="button"
                            className="w-full rounded-md px-1 py-2 text-left text-sm leading-snug hover:bg-muted focus-visible:bg-muted"
                            onClick={() => onOpenHit(hit, trimmed)}
                          >
                            <span className="text-muted-foreground">…{hit.before}</span>
                            <mark className="rounded-sm bg-amber-200 px-0.5 text-stone-900 dark:bg-amber-400/40 dark:text-inherit">
                              {hit.match}
                            </mark>
                            <span className="text-muted-foreground">{hit.after}…</span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
