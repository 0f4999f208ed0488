// /interactive-stories: the published stories a reader may play, found by words and genre (both in
// the address), each with the reader's own progress. The first page is live (a new story, a new
// rating or this reader's progress on another device arrive by themselves); more come on asking.
import { BookOpen, Search, SearchX } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { CARD_GRID_CLASS, CardGridSkeleton } from "../../components/catalogue/card-grid.tsx";
import { genreLabel } from "../../components/catalogue/labels.ts";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Input } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { useSettledValue } from "../../lib/use-settled-value.ts";
import { StoryCard } from "./story-card.tsx";
import { useStoryGenres, useStoryList } from "./use-story-catalogue.ts";

const CARD_SIZES = "(min-width: 1024px) 220px, (min-width: 768px) 22vw, (min-width: 640px) 30vw, 45vw";
const MAX_SEARCH = 100;

export function StoriesPage() {
  useDocumentTitle("Interactive Stories");
  const [params, setParams] = useSearchParams();
  const genre = params.get("genre") ?? "";
  const [typed, setTyped] = useState(params.get("q") ?? "");
  const search = useSettledValue(typed.trim());
  // The settled words go to the address, so that back and a shared link keep the search.
  const searchInAddress = params.get("q") ?? "";
  useEffect(() => {
    if (search === searchInAddress) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (search) next.set("q", search);
        else next.delete("q");
        return next;
      },
      { replace: true },
    );
  }, [search, searchInAddress, setParams]);

  const { first, items, hasMore, loadMore, isLoadingMore } = useStoryList({ search, genre });
  const genres = useStoryGenres();
  const genreItems = [
    { value: "", label: "All genres" },
    ...(genres.data ?? []).map((item) => ({ value: item.genre, label: genreLabel(item.genre) })),
  ];
  // A genre in the address that no story has any more still shows as chosen.
  if (genre && !genreItems.some((item) => item.value === genre))
    genreItems.push({ value: genre, label: genreLabel(genre) });

  const isFiltered = Boolean(search || genre);
  return (
    <Page width="wide" className="py-8">
      <PageHeader
        title="Interactive Stories"
        description="Choose your own adventure: every choice takes the story somewhere else, and each ending is yours to find."
      />
      <search className="mt-6 flex flex-col gap-2 sm:flex-row" aria-label="Find stories">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="Search stories"
            aria-label="Search stories"
            className="pl-9"
            maxLength={MAX_SEARCH}
          />
        </div>
        <NativeSelect
          items={genreItems}
          value={genre}
          onValueChange={(value) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (value) next.set("genre", value);
                else next.delete("genre");
                return next;
              },
              { replace: true },
            )
          }
          aria-label="Genre"
          className="sm:w-52"
        />
      </search>
      <section aria-label="Stories" className="mt-6" aria-busy={first.isFetching}>
        {first.isPending ? (
          <CardGridSkeleton label="Loading stories" />
        ) : first.isError ? (
          <ErrorState
            title="Could not load the stories"
            error={first.error}
            onRetry={() => void first.refetch()}
            isRetrying={first.isFetching}
          />
        ) : items.length === 0 ? (
          isFiltered ? (
            <EmptyState
              icon={SearchX}
              title="No stories match"
              text="Try other words or another genre."
              action={
                <Button
                  variant="secondary"
                  onClick={() => {
                    setTyped("");
                    setParams({}, { replace: true });
                  }}
                >
                  Clear the search
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={BookOpen}
              title="No stories yet"
              text="Interactive stories will appear here as soon as they are published."
            />
          )
        ) : (
          <>
            <ul className={cn(CARD_GRID_CLASS, first.isPlaceholderData && "opacity-60")}>
              {items.map((story) => (
                <StoryCard key={story.id} story={story} sizes={CARD_SIZES} />
              ))}
            </ul>
            {hasMore ? (
              <div className="mt-8 flex justify-center">
                <Button variant="secondary" onClick={() => void loadMore()} isLoading={isLoadingMore}>
                  Show more stories
                </Button>
              </div>
            ) : null}
          </>
        )}
      </section>
    </Page>
  );
}
