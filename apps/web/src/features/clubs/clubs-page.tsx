// Book Clubs (/clubs): the clubs one is in (invitations first), and Discover: public and private
// clubs found by name, the kind and genre of their current read, most members or newest. Live both ways.
import type { ClubSort } from "@litverse/shared/clubs";
import { CONTENT_TYPES, type ContentType } from "@litverse/shared/content";
import { Compass, Plus, Search, Users } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { useSearchParams } from "react-router";
import { genreLabel, TYPE_PLURALS } from "../../components/catalogue/labels.ts";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Input } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { ClubCard } from "./club-card.tsx";
import { CreateClubDialog } from "./create-club-dialog.tsx";
import { useDiscoverClubs, useGenres, useMyClubs } from "./use-clubs.ts";

const TABS = ["mine", "discover"] as const;
type Tab = (typeof TABS)[number];

export function ClubsPage() {
  useDocumentTitle("Book Clubs");
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "discover" ? "discover" : "mine";
  const [isCreating, setIsCreating] = useState(false);
  return (
    <Page width="wide" className="py-8">
      <PageHeader
        title="Book Clubs"
        description="Read together on a schedule, and talk about it without spoiling what others have not read yet."
        actions={
          <Button onClick={() => setIsCreating(true)}>
            <Plus aria-hidden /> Create a club
          </Button>
        }
      />
      <CreateClubDialog open={isCreating} onOpenChange={setIsCreating} />
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === "mine" ? {} : { tab: value }, { replace: true })}
        className="mt-6"
      >
        <TabsList variant="underline" aria-label="Clubs">
          <TabsTrigger value="mine">My clubs</TabsTrigger>
          <TabsTrigger value="discover">Discover</TabsTrigger>
        </TabsList>
        <TabsContent value="mine">
          <MyClubs onCreate={() => setIsCreating(true)} onDiscover={() => setParams({ tab: "discover" })} />
        </TabsContent>
        <TabsContent value="discover">
          <Discover />
        </TabsContent>
      </Tabs>
    </Page>
  );
}

function GridSkeleton() {
  return (
    <div role="status" aria-label="Loading clubs" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-56 w-full" />
      ))}
    </div>
  );
}

function MyClubs({ onCreate, onDiscover }: { onCreate: () => void; onDiscover: () => void }) {
  const clubs = useMyClubs();
  if (clubs.isPending) return <GridSkeleton />;
  if (clubs.isError) return <ErrorState error={clubs.error} onRetry={() => void clubs.refetch()} />;
  if (clubs.data.length === 0) {
    return (
      <EmptyState
        className="mt-4"
        icon={Users}
        title="You are not in a club yet"
        text="Find one reading something you love, or start your own and invite your friends."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button onClick={onDiscover}>Discover clubs</Button>
            <Button variant="secondary" onClick={onCreate}>
              Create a club
            </Button>
          </div>
        }
      />
    );
  }
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {clubs.data.map((club) => (
        <ClubCard key={club._id} club={club} />
      ))}
    </ul>
  );
}

const SORT_ITEMS: { value: ClubSort; label: string }[] = [
  { value: "popular", label: "Most members" },
  { value: "new", label: "Newest" },
];
const TYPE_ITEMS = [
  { value: "", label: "Any kind" },
  ...CONTENT_TYPES.map((type) => ({ value: type, label: TYPE_PLURALS[type] })),
];

function Discover() {
  const [query, setQuery] = useState("");
  const [type, setType] = useState<ContentType | "">("");
  const [genre, setGenre] = useState("");
  const genres = useGenres(type);
  const genreItems = [
    { value: "", label: "Any genre" },
    ...(genres.data ?? []).map((item) => ({ value: item.genre, label: genreLabel(item.genre) })),
  ];
  const [sort, setSort] = useState<ClubSort>("popular");
  const searching = useDeferredValue(query.trim());
  const clubs = useDiscoverClubs({ query: searching, sort, type, genre });
  return (
    <section aria-label="Discover clubs" className="mt-4">
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search clubs"
            aria-label="Search clubs"
            className="pl-9"
            maxLength={60}
          />
        </div>
        <NativeSelect
          items={TYPE_ITEMS}
          value={type}
          onValueChange={(value) => {
            setType(value as ContentType | "");
            // The genres listed change with the kind of title.
            setGenre("");
          }}
          aria-label="Kind of read"
          className="sm:w-44"
        />
        <NativeSelect
          items={genreItems}
          value={genre}
          onValueChange={setGenre}
          aria-label="Genre of read"
          className="sm:w-44"
        />
        <NativeSelect
          items={SORT_ITEMS}
          value={sort}
          onValueChange={setSort}
          aria-label="Sort"
          className="sm:w-44"
        />
      </div>
      {clubs.isPending ? (
        <GridSkeleton />
      ) : clubs.isError ? (
        <ErrorState className="mt-4" error={clubs.error} onRetry={() => void clubs.refetch()} />
      ) : clubs.data.length === 0 ? (
        <EmptyState
          className="mt-4"
          icon={Compass}
          title="No clubs found"
          text={searching ? "Try other words, or start this club yourself." : "Be the first: start a club."}
        />
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {clubs.data.map((club) => (
            <ClubCard key={club._id} club={club} />
          ))}
        </ul>
      )}
    </section>
  );
}
