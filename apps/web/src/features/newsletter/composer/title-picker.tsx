// A catalogue title found by name, for a title card and for the audiences tied to a title: the
// chosen one with its cover (or its id alone, for a saved issue whose title was not picked here),
// or a search with its results.
import type { NewsletterTitleOption } from "@litverse/shared/mail";
import { ImageOff, Search } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { useSettledValue } from "../../../lib/use-settled-value.ts";
import { useTitleSearch } from "./use-composer-queries.ts";

export function TitlePicker({
  label,
  titleId,
  title,
  onPick,
  error,
  disabled = false,
}: {
  label: string;
  titleId: string;
  title: NewsletterTitleOption | null;
  onPick: (title: NewsletterTitleOption | null) => void;
  error?: string[];
  disabled?: boolean;
}) {
  if (titleId !== "") {
    return (
      <div className="space-y-1.5">
        <p className="text-sm font-medium">{label}</p>
        <div
          className="flex items-center gap-3 rounded-xl border border-border p-3"
          data-testid="chosen-title"
        >
          <Cover option={title} />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">{title?.name ?? "The chosen title"}</p>
            <p className="text-xs text-muted-foreground">
              {title ? title.type : "Shown with its cover in the preview"}
            </p>
          </div>
          {disabled ? null : (
            <Button variant="ghost" size="sm" onClick={() => onPick(null)}>
              Change
            </Button>
          )}
        </div>
      </div>
    );
  }
  return <TitleSearch label={label} onPick={onPick} error={error} disabled={disabled} />;
}

function TitleSearch({
  label,
  onPick,
  error,
  disabled,
}: {
  label: string;
  onPick: (title: NewsletterTitleOption) => void;
  error?: string[];
  disabled: boolean;
}) {
  const [query, setQuery] = useState("");
  const settled = useSettledValue(query.trim());
  const results = useTitleSearch(settled);
  return (
    <Field label={label} error={error} required>
      {(control) => (
        <div>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              {...control}
              type="search"
              value={query}
              placeholder="Search the catalogue by title"
              disabled={disabled}
              onChange={(event) => setQuery(event.target.value)}
              // Enter looks up, it does not send the form.
              onKeyDown={(event) => event.key === "Enter" && event.preventDefault()}
              className="pl-9"
            />
          </div>
          <ul
            className="mt-2 max-h-56 overflow-y-auto rounded-xl border border-border"
            aria-label="Titles found"
            aria-busy={results.isFetching}
          >
            {results.isError ? (
              <li className="p-3 text-sm text-rose-700 dark:text-rose-300">
                Could not search. Try again in a moment.
              </li>
            ) : !results.data ? (
              <li className="p-3 text-sm text-muted-foreground">Searching…</li>
            ) : results.data.length === 0 ? (
              <li className="p-3 text-sm text-muted-foreground">Nothing by that name.</li>
            ) : (
              results.data.map((option) => (
                <li key={option._id}>
                  <button
                    type="button"
                    disabled={disabled}
                    onClick={() => onPick(option)}
                    className="flex w-full items-center gap-3 px-3 py-2 text-left text-sm hover:bg-muted"
                  >
                    <Cover option={option} />
                    <span className="min-w-0 flex-1 truncate font-medium">{option.name}</span>
                    <span className="text-xs text-muted-foreground">{option.type}</span>
                  </button>
                </li>
              ))
            )}
          </ul>
        </div>
      )}
    </Field>
  );
}

function Cover({ option }: { option: NewsletterTitleOption | null }) {
  return option?.coverUrl ? (
    <img src={option.coverUrl} alt="" className="h-12 w-9 shrink-0 rounded object-cover" loading="lazy" />
  ) : (
    <span className="inline-flex h-12 w-9 shrink-0 items-center justify-center rounded bg-muted text-muted-foreground">
      <ImageOff className="size-4" aria-hidden />
    </span>
  );
}
