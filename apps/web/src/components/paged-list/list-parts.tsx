// Pieces the Purchases and Unlocks tabs share: the search box, the states of a paged list and its
// foot.
import { Search } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useSettledValue } from "../../lib/use-settled-value.ts";
import { Button } from "../ui/button.tsx";
import { ErrorState } from "../ui/error-state.tsx";
import { Input } from "../ui/input.tsx";
import { Skeleton } from "../ui/skeleton.tsx";

/** A search box whose query settles a moment after typing stops. */
export function useSearchQuery(): [string, string, (value: string) => void] {
  const [text, setText] = useState("");
  const query = useSettledValue(text.trim());
  return [text, query, setText];
}

export function SearchBox({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
}) {
  return (
    <div className="relative w-full sm:max-w-xs">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label={label}
        placeholder={label}
        className="pl-9"
        maxLength={200}
      />
    </div>
  );
}

export function ListFoot({
  hasMore,
  isLoadingMore,
  loadMore,
  error,
}: {
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore: () => void;
  error: unknown;
}) {
  if (error) {
    return (
      <p className="mt-3 text-center text-sm text-rose-600 dark:text-rose-400" role="alert">
        Could not load more.{" "}
        <button type="button" className="font-medium underline" onClick={loadMore}>
          Try again
        </button>
      </p>
    );
  }
  if (!hasMore) return null;
  return (
    <div className="mt-3 flex justify-center">
      <Button variant="secondary" size="sm" isLoading={isLoadingMore} onClick={loadMore}>
        Load more
      </Button>
    </div>
  );
}

/**
 * A paged list in whichever state it is: the first page's error, its skeleton, `empty` when there
 * are no rows, or the rows (`children`) with the foot that loads older ones.
 */
export function PagedListStates({
  first,
  list,
  what,
  empty,
  children,
}: {
  first: { data?: unknown; isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };
  list: {
    items: unknown[];
    hasMore: boolean;
    isLoadingMore: boolean;
    loadMore: () => void;
    olderError: unknown;
  };
  /** What the rows are, plural: "payments". */
  what: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (first.isError && !first.data) {
    return (
      <ErrorState
        title={`Could not load the ${what}`}
        error={first.error}
        onRetry={() => void first.refetch()}
        isRetrying={first.isFetching}
      />
    );
  }
  if (!first.data) {
    return (
      <div role="status" aria-label={`Loading ${what}`} className="space-y-2">
        {[0, 1, 2, 3, 4].map((key) => (
          <Skeleton key={key} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (list.items.length === 0) return empty;
  return (
    <>
      {children}
      <ListFoot
        hasMore={list.hasMore}
        isLoadingMore={list.isLoadingMore}
        loadMore={list.loadMore}
        error={list.olderError}
      />
    </>
  );
}
