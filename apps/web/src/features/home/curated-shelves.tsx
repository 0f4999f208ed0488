// The home page's shelves, as curated by the team: live, in their order, empty ones hidden.
import {
  type CuratedList,
  type CuratedListType,
  EAGER_COVER_COUNT,
  SHELF_ITEM_LIMIT,
} from "@litverse/shared/content";
import { Compass } from "lucide-react";
import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { OFFSCREEN_SKIPPED_CLASS, SHELF_GRID_CLASS } from "../../components/catalogue/shelf-grid.ts";
import { ShelfSkeletonRows } from "../../components/catalogue/shelf-skeleton.tsx";
import { ContentCard } from "./content-card.tsx";
import { useCuratedLists } from "./use-home-shelves.ts";

const LIST_TITLES: Record<CuratedListType, string> = {
  trending: "Trending Now",
  recently_added: "Recently Added",
  editors_picks: "Editor's Picks",
  top_reads: "Top Reads",
  must_watch: "Must Watch",
  hidden_gems: "Hidden Gems",
  rising_stars: "Rising Stars",
  custom: "Curated for You",
};

export function shelfTitle(list: Pick<CuratedList, "listType" | "customName">): string {
  return list.customName?.trim() || LIST_TITLES[list.listType];
}

/** Shelves shown before `between` (an ad card), so the page opens on what the team chose. */
const SHELVES_BEFORE_BETWEEN = 2;

export function CuratedShelves({ between }: { between?: ReactNode }) {
  const lists = useCuratedLists();
  if (!lists.data) return <ShelfSkeletonRows />;
  const shelves = lists.data.filter((list) => list.content.length > 0);
  if (shelves.length === 0) return <ExploreContent />;
  const at = Math.min(SHELVES_BEFORE_BETWEEN, shelves.length);
  return (
    <>
      {shelves.map((list, index) => (
        <Fragment key={list._id}>
          {index === at ? between : null}
          <Shelf list={list} isFirst={index === 0} />
        </Fragment>
      ))}
      {at === shelves.length ? between : null}
    </>
  );
}

/** Explore's order closest to how a computed shelf picks its titles; popularity otherwise. */
const SEE_ALL_SORTS: Partial<Record<CuratedListType, string>> = {
  recently_added: "new",
  hidden_gems: "top_rated",
};

/** Where a shelf's "See all" leads: explore with the shelf's type (and order, for some). */
export function seeAllPath(list: Pick<CuratedList, "listType" | "contentType">): string {
  const params = new URLSearchParams();
  if (list.contentType !== "all") params.set("type", list.contentType);
  const sort = SEE_ALL_SORTS[list.listType];
  if (sort) params.set("sort", sort);
  const search = params.toString();
  return search ? `/explore?${search}` : "/explore";
}

function Shelf({ list, isFirst }: { list: CuratedList; isFirst: boolean }) {
  const headingId = `shelf-${list._id}`;
  const seeAll = seeAllPath(list);
  return (
    <section aria-labelledby={headingId} data-testid="curated-shelf" className={OFFSCREEN_SKIPPED_CLASS}>
      <div className="mb-3 flex items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-lg font-bold sm:text-xl">
            {shelfTitle(list)}
          </h2>
          {list.description ? <p className="text-sm text-muted-foreground">{list.description}</p> : null}
        </div>
        <Link
          to={seeAll}
          className="shrink-0 text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
          aria-label={`See all: ${shelfTitle(list)}`}
        >
          See all
        </Link>
      </div>
      <ul className={SHELF_GRID_CLASS}>
        {list.content.slice(0, SHELF_ITEM_LIMIT).map((content, index) => (
          <li key={content._id}>
            <ContentCard content={content} isEager={isFirst && index < EAGER_COVER_COUNT} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ExploreContent() {
  return (
    <section className="flex flex-col items-center rounded-2xl border border-border bg-card px-6 py-12 text-center">
      <Compass className="size-10 text-brand-500" aria-hidden />
      <h2 className="mt-4 text-xl font-bold">Explore Content</h2>
      <p className="mt-1 max-w-md text-muted-foreground">
        Books, audiobooks, comics and dramas are waiting in the library.
      </p>
      <Link
        to="/explore"
        className="mt-6 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white transition hover:bg-brand-700"
      >
        Go to Library
      </Link>
    </section>
  );
}
