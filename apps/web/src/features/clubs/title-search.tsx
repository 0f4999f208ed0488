// Finding a catalogue title by name, for a club's next read or a poll's choices.
import type { ContentSummary } from "@litverse/shared/content";
import { Search } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { Input } from "../../components/ui/input.tsx";
import { useTitleSearch } from "./use-club-reads.ts";

export function TitleSearch({
  onPick,
  placeholder,
  label = "Search for a title",
}: {
  onPick: (title: ContentSummary) => void;
  placeholder: string;
  label?: string;
}) {
  const [query, setQuery] = useState("");
  const searching = useDeferredValue(query.trim());
  const results = useTitleSearch(searching);
  return (
    <div>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={placeholder}
          aria-label={label}
          className="pl-9"
        />
      </div>
      {searching && results.data ? (
        <ul className="mt-2 max-h-48 overflow-y-auto rounded-xl border border-border" aria-label="Titles">
          {results.data.items.length === 0 ? (
            <li className="p-3 text-sm text-muted-foreground">No title by that name.</li>
          ) : (
            results.data.items.map((summary) => (
              <li key={summary._id}>
                <button
                  type="button"
                  onClick={() => {
                    onPick(summary);
                    setQuery("");
                  }}
                  className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-muted"
                >
                  <span className="truncate font-medium">{summary.title}</span>
                  <span className="shrink-0 text-muted-foreground">{summary.episodeCount} episodes</span>
                </button>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
