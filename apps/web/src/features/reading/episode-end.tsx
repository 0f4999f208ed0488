// What a reader shows at the end of an episode: it is finished, and what comes next: the next
// episode (with a countdown where episodes play on by themselves), why the next one is locked and
// how to open it, or that the reader is all caught up; and under that, an ad when one is due.
import type { EpisodeSummary } from "@litverse/shared/content";
import { CheckCircle2, ChevronRight, Lock } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { formatDate } from "../../lib/format.ts";
import { AdSlot } from "../ads/index.ts";
import { UnlockDialog } from "../unlocks/index.ts";
import { useGoToEpisode } from "./use-go-to-episode.ts";
import type { ReaderReady } from "./use-reader-episode.ts";

export function EpisodeEnd({
  ready,
  autoAdvanceSeconds,
  className,
}: {
  ready: ReaderReady;
  autoAdvanceSeconds?: number;
  className?: string;
}) {
  const { data, detail } = ready;
  const goTo = useGoToEpisode();
  const [locked, setLocked] = useState<EpisodeSummary | null>(null);
  const unit = data.content.contentType === "book" ? "Chapter" : "Episode";
  const next =
    data.nextNumber !== null ? detail?.episodes.find((e) => e.number === data.nextNumber) : undefined;
  const nextNumber = data.nextNumber;
  const canAdvance = nextNumber !== null && !next?.lock;
  const [secondsLeft, setSecondsLeft] = useState(autoAdvanceSeconds ?? null);
  const isCounting = canAdvance && secondsLeft !== null;
  const section = useRef<HTMLElement>(null);

  // One countdown per episode end; Cancel (or going elsewhere) stops it.
  const goToRef = useRef(goTo);
  goToRef.current = goTo;
  useEffect(() => {
    if (!isCounting || secondsLeft === null || nextNumber === null) return;
    if (secondsLeft <= 0) {
      goToRef.current(nextNumber);
      return;
    }
    const timer = setTimeout(() => setSecondsLeft(secondsLeft - 1), 1_000);
    return () => clearTimeout(timer);
  }, [isCounting, secondsLeft, nextNumber]);

  return (
    <section
      ref={section}
      aria-labelledby="episode-end-heading"
      className={cn(
        "mx-auto w-full max-w-md rounded-2xl border border-border bg-card p-5 text-center shadow-sm",
        className,
      )}
      data-testid="episode-end"
    >
      <CheckCircle2 className="mx-auto size-8 text-emerald-600 dark:text-emerald-400" aria-hidden />
      <h2 id="episode-end-heading" className="mt-2 text-lg font-bold">
        {unit} {data.episode.number} complete
      </h2>
      {nextNumber !== null ? (
        <>
          <p className="mt-1 text-sm text-muted-foreground">
            Up next: {unit.toLowerCase()} {nextNumber}
            {next ? ` · ${next.title}` : ""}
          </p>
          {next?.lock ? (
            <Button className="mt-4 w-full" variant="secondary" onClick={() => setLocked(next)}>
              <Lock aria-hidden />
              {next.lock.reason === "price"
                ? `Unlock ${unit.toLowerCase()} ${nextNumber} · ${next.lock.priceCoins} coins`
                : `${unit} ${nextNumber} is for ${next.lock.accessType === "vvip" ? "VVIP" : "Premium"} members`}
            </Button>
          ) : (
            <div className="mt-4 flex flex-col gap-2">
              <Button variant="gradient" className="w-full" onClick={() => goTo(nextNumber)}>
                Next {unit.toLowerCase()}
                <ChevronRight aria-hidden />
              </Button>
              {isCounting ? (
                <p className="text-sm text-muted-foreground" aria-live="polite">
                  Playing next in {secondsLeft} s ·{" "}
                  <button
                    type="button"
                    className="font-medium text-brand-600 hover:underline dark:text-brand-400"
                    onClick={() => setSecondsLeft(null)}
                  >
                    Cancel
                  </button>
                </p>
              ) : null}
            </div>
          )}
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted-foreground">
            {detail?.nextReleaseAt
              ? `You're all caught up. The next ${unit.toLowerCase()} comes out on ${formatDate(detail.nextReleaseAt)}.`
              : detail?.releaseStatus === "completed"
                ? `That's the end of ${data.content.title}.`
                : "You're all caught up."}
          </p>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-center">
            <Button variant="secondary" asChild>
              <Link to={`/content/${data.content._id}`}>Back to the title</Link>
            </Button>
            <Button variant="ghost" asChild>
              <Link to="/explore">Explore more</Link>
            </Button>
          </div>
        </>
      )}
      {/* Once the end is near the screen: a chapter's end waits at the bottom of its text unread. */}
      <AdSlot
        key={data.episode.number}
        placement="episode-end"
        contentId={data.content._id}
        nearOf={section}
        className="mt-5"
      />
      <UnlockDialog episode={locked} onOpenChange={(open) => !open && setLocked(null)} />
    </section>
  );
}
