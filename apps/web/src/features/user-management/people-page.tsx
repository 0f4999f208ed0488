// /admin/user-management (superadmins): everyone's accounts, newest first, found by name, handle,
// email or id and narrowed to the active, the restricted, the team or the deleted. The search and
// the filter live in the address (?q=&filter=), so a found list can be shared. Live.
import { ACCOUNT_FILTERS, type AccountFilter } from "@litverse/shared/user-management-inputs";
import { Search, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { PagedListStates } from "../../components/paged-list/list-parts.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { PeopleCards, PeopleTable } from "./people-results.tsx";
import { FILTER_LABELS, filterOf } from "./person-values.ts";
import { usePeopleSearch } from "./use-people-search.ts";

/** How long typing must pause before the search (and the address) follows it. */
const SEARCH_DELAY_MS = 250;

function useSearchAndFilter() {
  const [params, setParams] = useSearchParams();
  const query = params.get("q")?.trim() ?? "";
  const filter = filterOf(params.get("filter"));
  const set = (name: "q" | "filter", value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value && !(name === "filter" && value === "all")) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return { query, filter, set, clear: () => setParams({}, { replace: true }) };
}

export function PeoplePage() {
  useDocumentTitle("User Management");
  const { query, filter, set, clear } = useSearchAndFilter();
  const [text, setText] = useState(query);
  const { first, list } = usePeopleSearch(query, filter);

  // The address follows the search box once typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text starts the wait
  useEffect(() => {
    if (text.trim() === query) return;
    const timer = setTimeout(() => set("q", text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const isNarrowed = query !== "" || filter !== "all";
  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="User Management"
        description="Everyone's account: find a person, see where their account stands, and act on it."
      />
      <div className="space-y-3">
        <div className="relative w-full sm:max-w-md">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-label="Search people"
            placeholder="Name, @handle, email or id"
            className="pl-9"
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
          />
        </div>
        <FilterChips value={filter} onChange={(next) => set("filter", next)} />
      </div>
      <PagedListStates
        first={first}
        list={list}
        what="people"
        empty={
          <EmptyState
            as="h2"
            icon={Users}
            title={isNarrowed ? "No one matches" : "No accounts yet"}
            text={
              isNarrowed
                ? `Nobody${filter === "all" ? "" : ` under “${FILTER_LABELS[filter]}”`}${query ? ` matches “${query}”` : ""}. Try another name, handle, email or id.`
                : "Accounts show here as people sign up."
            }
            action={
              isNarrowed ? (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setText("");
                    clear();
                  }}
                >
                  Show everyone
                </Button>
              ) : null
            }
          />
        }
      >
        <div className={first.isPlaceholderData ? "opacity-60 transition-opacity" : "transition-opacity"}>
          <PeopleTable people={list.items} isBusy={first.isPlaceholderData} />
          <PeopleCards people={list.items} />
        </div>
      </PagedListStates>
    </Page>
  );
}

/** One filter at a time, as a row of pressed-or-not buttons. */
function FilterChips({ value, onChange }: { value: AccountFilter; onChange: (next: AccountFilter) => void }) {
  return (
    <fieldset className="flex min-w-0 flex-wrap gap-2">
      <legend className="sr-only">Show accounts</legend>
      {ACCOUNT_FILTERS.map((filter) => {
        const isOn = filter === value;
        return (
          <Button
            key={filter}
            size="sm"
            variant={isOn ? "primary" : "secondary"}
            aria-pressed={isOn}
            onClick={() => onChange(filter)}
            className="rounded-full!"
          >
            {FILTER_LABELS[filter]}
          </Button>
        );
      })}
    </fieldset>
  );
}
