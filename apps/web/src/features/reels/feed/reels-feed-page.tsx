// /reels: the feed, between the app's header and bottom navigation. `?reel={id}` opens that reel
// first. The feed is read once per visit and then only extended: refetching it would reorder
// the reels under the viewer's thumb.
import { firstReelIdOf } from "@litverse/shared/reels";
import { Clapperboard } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { useCurrentUser } from "../../../lib/auth/use-current-user.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { ReelsFeed } from "./reels-feed.tsx";
import { useReelsFeed } from "./use-reels-feed.ts";

/** The feed fills the screen between the header and the bottom navigation, where there is one. */
const FEED_HEIGHT = "h-shell-page";

export function ReelsFeedPage() {
  useDocumentTitle("Reels");
  const [params] = useSearchParams();
  // The reel asked for in the address when the page opened; later moves do not reload the feed.
  const [firstReelId] = useState(() => firstReelIdOf(params.get("reel")));
  const me = useCurrentUser();
  const { feed, reels, watchToken, onNearEnd } = useReelsFeed(firstReelId);
  const { hasNextPage, isFetchingNextPage } = feed;

  return (
    <main className={`relative ${FEED_HEIGHT} overflow-hidden bg-black md:bg-background`}>
      <h1 className="sr-only">Reels</h1>
      {feed.isError && !feed.data ? (
        <div className="flex h-full items-center justify-center p-4">
          <ErrorState
            title="Could not load the reels"
            error={feed.error}
            onRetry={() => void feed.refetch()}
            isRetrying={feed.isFetching}
          />
        </div>
      ) : !feed.data ? (
        <div className="flex h-full justify-center md:py-4" role="status" aria-label="Loading the reels">
          <Skeleton className="h-full w-full rounded-none bg-stone-800 md:aspect-[9/16] md:w-auto md:rounded-2xl md:bg-muted" />
        </div>
      ) : reels.length === 0 ? (
        <div className="flex h-full items-center justify-center bg-background p-4">
          <EmptyState
            icon={Clapperboard}
            title="No reels yet"
            text="Short videos from the stories on Litverse and from readers will show here."
            action={
              <Button asChild>
                <Link to="/profile/reels">Post the first reel</Link>
              </Button>
            }
          />
        </div>
      ) : (
        <ReelsFeed
          reels={reels}
          watchToken={watchToken}
          myId={me.data?._id ?? null}
          hasMore={Boolean(hasNextPage)}
          isLoadingMore={isFetchingNextPage}
          onNearEnd={onNearEnd}
        />
      )}
    </main>
  );
}
