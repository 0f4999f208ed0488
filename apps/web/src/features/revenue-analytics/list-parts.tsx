// Pieces the Purchases and Unlocks tabs share: the search box and the foot of a paged list.
import { Search } from "lucide-react";
import { useDeferredValue, useEffect, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";

/** A search box whose query settles a moment after typing stops. */
export function useSearchQuery(): [string, string, (value: string) => void] {
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(text);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(deferred.trim()), 300);
    return () => clearTimeout(timer);
  }, [deferred]);
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
