// My Library: what the reader is in the middle of, what they follow and what they opened lately,
// and what is downloaded on this device. Live: reading elsewhere, following or unfollowing shows
// here at once. The tab is in the address (`?tab=following`), so it survives a reload and back.
import type { LibraryEntry, MyLibrary } from "@litverse/shared/content";
import { BookmarkX, Clock, Compass, History, Library, Play } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link, useSearchParams } from "react-router";
import { CoverImage } from "../../components/catalogue/cover-image.tsx";
import { episodeCountLabel, readerPath, TYPE_LABELS } from "../../components/catalogue/labels.ts";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Progress } from "../../components/ui/progress.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { formatDateTime, formatRelativeDate } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { useDownloads } from "../offline/index.ts";
import { useMyLibrary, useUnfollowWithUndo } from "./use-my-library.ts";

const TABS = ["continue", "following", "history", "downloads"] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  continue: "Continue",
  following: "Following",
  history: "History",
  downloads: "Downloads",
};

// Loaded when opened: most visits never look at it.
const DownloadsTab = lazy(async () => ({ default: (await import("./downloads-tab.tsx")).DownloadsTab }));

export function MyLibraryPage() {
  useDocumentTitle("My Library");
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : "continue";
  const library = useMyLibrary();
  const downloads = useDownloads();
  const counts: Record<Tab, number | null> = {
    continue: library.data?.continue.length ?? null,
    following: library.data?.following.length ?? null,
    history: null,
    downloads: downloads.entries?.length ?? null,
  };

  return (
    <Page width="wide" className="py-8">
      <PageHeader title="My Library" description="What you are reading, listening to and watching." />
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === "continue" ? {} : { tab: value }, { replace: true })}
        className="mt-6"
      >
        <TabsList variant="underline" aria-label="My Library">
          {TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {TAB_LABELS[value]}
              {counts[value] ? (
                <span className="rounded-full bg-muted px-1.5 text-xs tabular-nums">{counts[value]}</span>
              ) : null}
            </TabsTrigger>
          ))}
        </TabsList>
        {tab === "downloads" ? (
          // The device's own list: it needs no connection.
          <TabsContent value="downloads">
            <Suspense fallback={<LibrarySkeleton />}>
              <DownloadsTab />
            </Suspense>
          </TabsContent>
        ) : library.isPending ? (
          <LibrarySkeleton />
        ) : library.isError ? (
          <ErrorState
            title="Could not load your library"
            error={library.error}
            onRetry={() => void library.refetch()}
            isRetrying={library.isFetching}
          />
        ) : (
          <>
            <TabsContent value="continue">
              <ContinueList entries={library.data.continue} />
            </TabsContent>
            <TabsContent value="following">
              <FollowingList entries={library.data.following} />
            </TabsContent>
            <TabsContent value="history">
              <HistoryList history={library.data.history} />
            </TabsContent>
          </>
        )}
      </Tabs>
    </Page>
  );
}

function ExploreAction() {
  return (
    <Button asChild>
      <Link to="/explore">
        <Compass aria-hidden />
        Explore titles
      </Link>
    </Button>
  );
}

function Thumb({
  url,
  title,
  className = "w-16",
}: {
  url: string | null;
  title: string;
  className?: string;
}) {
  return (
    <div
      className={`aspect-[2/3] shrink-0 overflow-hidden rounded-lg border border-border bg-muted shadow-sm ${className}`}
    >
      <CoverImage url={url} title={title} sizes="96px" className="size-full text-[10px]" />
    </div>
  );
}

const LIST_CLASS = "grid gap-3 md:grid-cols-2";
const ITEM_CLASS = "flex gap-4 rounded-2xl border border-border bg-card p-3 shadow-sm sm:p-4";

function ContinueList({ entries }: { entries: LibraryEntry[] }) {
  if (entries.length === 0) {
    return (
      <EmptyState
        icon={Play}
        title="Nothing in progress"
        text="Start a book, an audiobook, a comic or a drama and it waits for you here."
        action={<ExploreAction />}
      />
    );
  }
  return (
    <ul className={LIST_CLASS} data-testid="continue-list">
      {entries.map(({ content, next, lastActivityAt }) => (
        <li key={content._id} className={ITEM_CLASS}>
          <Link to={`/content/${content._id}`} className="rounded-lg" tabIndex={-1} aria-hidden>
            <Thumb url={content.coverImage} title={content.title} className="w-20" />
          </Link>
          <div className="flex min-w-0 flex-1 flex-col">
            <Link
              to={`/content/${content._id}`}
              className="line-clamp-2 font-semibold leading-snug hover:text-brand-600 dark:hover:text-brand-400"
            >
              {content.title}
            </Link>
            <p className="line-clamp-1 text-xs text-muted-foreground">
              {TYPE_LABELS[content.contentType]} · {content.author}
            </p>
            {next ? (
              <div className="mt-auto pt-3">
                <p className="mb-1.5 flex items-baseline justify-between gap-2 text-sm">
                  <span className="truncate font-medium">
                    Episode {next.number} ·{" "}
                    {next.fraction > 0 ? `${Math.round(next.fraction * 100)}%` : "up next"}
                  </span>
                  {lastActivityAt ? (
                    <time
                      dateTime={lastActivityAt}
                      title={formatDateTime(lastActivityAt)}
                      className="shrink-0 text-xs text-muted-foreground"
                    >
                      {formatRelativeDate(lastActivityAt)}
                    </time>
                  ) : null}
                </p>
                <Progress
                  value={next.fraction}
                  label={`${content.title}, episode ${next.number}`}
                  size="sm"
                />
                <Button asChild size="sm" className="mt-3 w-full sm:w-auto">
                  <Link
                    to={readerPath(content.contentType, content._id, next.number)}
                    aria-label={`Continue ${content.title}, episode ${next.number}`}
                  >
                    <Play aria-hidden />
                    Continue
                  </Link>
                </Button>
              </div>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

function FollowingList({ entries }: { entries: LibraryEntry[] }) {
  const remove = useUnfollowWithUndo();

  if (entries.length === 0) {
    return (
      <EmptyState
        icon={Library}
        title="You are not following any titles"
        text="Add titles to your library to find them here and hear about their new episodes."
        action={<ExploreAction />}
      />
    );
  }
  return (
    <ul className={LIST_CLASS} data-testid="following-list">
      {entries.map((entry) => {
        const { content, unfinishedEpisodes, next, lastActivityAt } = entry;
        return (
          <li key={content._id} className={ITEM_CLASS}>
            <Link to={`/content/${content._id}`} className="rounded-lg" tabIndex={-1} aria-hidden>
              <Thumb url={content.coverImage} title={content.title} />
            </Link>
            <div className="flex min-w-0 flex-1 flex-col">
              <Link
                to={`/content/${content._id}`}
                className="line-clamp-2 font-semibold leading-snug hover:text-brand-600 dark:hover:text-brand-400"
              >
                {content.title}
              </Link>
              <p className="line-clamp-1 text-xs text-muted-foreground">
                {TYPE_LABELS[content.contentType]} · {content.author}
              </p>
              <p className="mt-1 text-sm">
                {unfinishedEpisodes === 0 ? (
                  <span className="font-medium text-emerald-700 dark:text-emerald-300">All caught up</span>
                ) : (
                  <>
                    <span className="font-medium">{unfinishedEpisodes}</span>{" "}
                    <span className="text-muted-foreground">
                      of {episodeCountLabel(content.episodeCount)} still to go
                    </span>
                  </>
                )}
              </p>
              <div className="mt-auto flex flex-wrap gap-2 pt-3">
                {next ? (
                  <Button asChild size="sm">
                    <Link
                      to={readerPath(content.contentType, content._id, next.number)}
                      aria-label={`${lastActivityAt ? "Continue" : "Start"} ${content.title}, episode ${next.number}`}
                    >
                      <Play aria-hidden />
                      {lastActivityAt ? `Episode ${next.number}` : "Start"}
                    </Link>
                  </Button>
                ) : null}
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => remove(entry)}
                  aria-label={`Unfollow ${content.title}`}
                >
                  <BookmarkX aria-hidden />
                  Unfollow
                </Button>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function HistoryList({ history }: { history: MyLibrary["history"] }) {
  if (history.length === 0) {
    return (
      <EmptyState
        icon={History}
        title="No history yet"
        text="Episodes you open show here, the most recent first."
        action={<ExploreAction />}
      />
    );
  }
  return (
    <ol
      className="divide-y divide-[var(--border)] overflow-hidden rounded-2xl border border-border bg-card shadow-sm"
      data-testid="history-list"
    >
      {history.map((item) => (
        <li key={`${item.content._id}-${item.episodeNumber}-${item.at}`}>
          <Link
            to={readerPath(item.content.contentType, item.content._id, item.episodeNumber)}
            className="flex items-center gap-3 px-3 py-3 transition hover:bg-muted focus-visible:-outline-offset-2 sm:gap-4 sm:px-4"
          >
            <Thumb url={item.content.coverImage} title={item.content.title} className="w-11" />
            <span className="min-w-0 flex-1">
              <span className="line-clamp-1 font-medium">{item.content.title}</span>
              <span className="line-clamp-1 text-sm text-muted-foreground">
                Episode {item.episodeNumber}: {item.episodeTitle}
              </span>
            </span>
            <span className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
              <Clock className="size-3.5" aria-hidden />
              <time dateTime={item.at} title={formatDateTime(item.at)}>
                {formatRelativeDate(item.at)}
              </time>
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}

function LibrarySkeleton() {
  return (
    <div className={LIST_CLASS} role="status" aria-label="Loading your library">
      {["one", "two", "three", "four"].map((key) => (
        <div key={key} className={ITEM_CLASS}>
          <Skeleton className="aspect-[2/3] w-20 shrink-0" />
          <div className="flex-1 space-y-2 py-1">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="mt-6 h-2 w-full" />
            <Skeleton className="h-8 w-28" />
          </div>
        </div>
      ))}
    </div>
  );
}
