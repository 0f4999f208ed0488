// Under an ending's words: which ending it is, how many of the story's endings the reader has now,
// their rating, and playing again.
import type { StoryDetail } from "@litverse/shared/stories";
import { RotateCcw, Trophy } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { RatingInput } from "../content/index.ts";
import { storyPath } from "./story-labels.ts";

export function EndingCard({
  story,
  endingName,
  endingsFound,
  endingCount,
  onPlayAgain,
  isStarting,
  onRate,
}: {
  story: StoryDetail;
  endingName: string;
  endingsFound: number;
  /** Endings in the play's version. */
  endingCount: number;
  onPlayAgain: () => void;
  isStarting: boolean;
  onRate: (score: number) => void;
}) {
  return (
    <section
      aria-labelledby="ending-heading"
      className="rounded-2xl border border-amber-300/60 bg-gradient-to-br from-amber-50 to-(--card) p-5 shadow-sm dark:border-amber-400/30 dark:from-amber-400/10"
      data-testid="ending-card"
    >
      <div className="flex items-start gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-amber-400 text-amber-950">
          <Trophy className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted-foreground">You reached an ending</p>
          <h2 id="ending-heading" className="text-xl font-bold break-words" data-testid="ending-name">
            {endingName}
          </h2>
          <p className="mt-1 text-sm" data-testid="endings-collected">
            Endings collected:{" "}
            <span className="font-semibold tabular-nums">
              {endingsFound} / {endingCount}
            </span>
          </p>
        </div>
      </div>
      <div className="mt-4">
        <RatingInput value={story.myRating} onRate={onRate} />
      </div>
      <div className="mt-5 flex flex-col gap-2 sm:flex-row">
        <Button variant="gradient" onClick={onPlayAgain} isLoading={isStarting}>
          <RotateCcw aria-hidden />
          Play again
        </Button>
        <Button variant="secondary" asChild>
          <Link to={storyPath(story.id)}>Back to the story</Link>
        </Button>
      </div>
    </section>
  );
}
