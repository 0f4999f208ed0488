// Explore's search field: what is typed reaches the address a quarter of a second after the last
// key (or at once on Enter), and a search changed elsewhere (back, reset) shows in the field.
import { Search, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Input } from "../../components/ui/input.tsx";

export const SEARCH_DEBOUNCE_MS = 250;

export function SearchBox({ value, onSearch }: { value: string; onSearch: (query: string) => void }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);

  const send = (query: string) => {
    if (query === sent.current) return;
    sent.current = query;
    onSearchRef.current(query);
  };

  useEffect(() => {
    const query = text.trim();
    if (query === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = query;
      onSearchRef.current(query);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <search>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send(text.trim());
          inputRef.current?.blur();
        }}
        className="relative"
      >
        <label htmlFor="explore-search" className="sr-only">
          Search titles
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          ref={inputRef}
          id="explore-search"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search titles, authors, tags…"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          className="h-12 rounded-xl pr-11 pl-11 [&::-webkit-search-cancel-button]:hidden"
        />
        {text ? (
          <button
            type="button"
            onClick={() => {
              setText("");
              send("");
              inputRef.current?.focus();
            }}
            className="absolute top-1/2 right-2 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-muted-foreground transition hover:bg-muted hover:text-foreground"
            aria-label="Clear search"
          >
            <X className="size-4" aria-hidden />
          </button>
        ) : null}
      </form>
    </search>
  );
}
