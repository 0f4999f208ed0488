// What a club is about, its rules, and the titles it read before with members' ratings.
import type { ClubDetail } from "@litverse/shared/clubs";
import { Star } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../components/ui/cn.ts";
import { formatDate } from "../../lib/format.ts";
import { usePastReads, useRateRead } from "./use-club-reads.ts";

export function ClubAbout({ club }: { club: ClubDetail }) {
  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="club-description">
        <h2 id="club-description" className="mb-2 font-semibold">
          About
        </h2>
        <p className="text-sm whitespace-pre-wrap text-muted-foreground">
          {club.description || "The club has not described itself yet."}
        </p>
        <h2 className="mt-6 mb-2 font-semibold">Rules</h2>
        <p className="text-sm whitespace-pre-wrap text-muted-foreground">
          {club.rules || "Be kind. Mark your spoilers."}
        </p>
        {club.read && club.myStatus === "active" ? (
          <div className="mt-6">
            <h2 className="mb-2 font-semibold">Your rating of {club.read.content.title}</h2>
            <RateRead clubId={club._id} readId={club.read._id} rating={club.myRating} />
          </div>
        ) : null}
      </section>
      {club.canRead ? <PastReads clubId={club._id} /> : null}
    </div>
  );
}

function RateRead({ clubId, readId, rating }: { clubId: string; readId: string; rating: number | null }) {
  const rate = useRateRead(clubId, readId);
  return (
    <fieldset className="flex gap-1">
      <legend className="sr-only">Rating</legend>
      {[1, 2, 3, 4, 5].map((stars) => (
        <button
          key={stars}
          type="button"
          aria-pressed={rating === stars}
          aria-label={`${stars} ${stars === 1 ? "star" : "stars"}`}
          onClick={() => rate(stars)}
          className="rounded p-0.5 hover:bg-muted"
        >
          <Star
            className={cn(
              "size-6",
              rating && stars <= rating ? "fill-amber-400 text-amber-500" : "text-muted-foreground",
            )}
            aria-hidden
          />
        </button>
      ))}
    </fieldset>
  );
}

function PastReads({ clubId }: { clubId: string }) {
  const reads = usePastReads(clubId);
  return (
    <section aria-labelledby="club-past-reads">
      <h2 id="club-past-reads" className="mb-2 font-semibold">
        Read before
      </h2>
      {!reads.data || reads.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Finished reads are kept here with members' ratings.</p>
      ) : (
        <ul className="space-y-2">
          {reads.data.map((read) => (
            <li
              key={read._id}
              className="flex items-center justify-between gap-3 rounded-xl border border-border bg-card p-3 text-sm"
            >
              <span className="min-w-0">
                <Link to={`/content/${read.content._id}`} className="font-medium hover:underline">
                  {read.content.title}
                </Link>
                <span className="block text-muted-foreground">
                  {read.finishedAt ? `Finished ${formatDate(read.finishedAt)}` : null}
                </span>
              </span>
              <span className="inline-flex shrink-0 items-center gap-1 tabular-nums">
                <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden />
                {read.ratingAverage === null
                  ? "No ratings"
                  : `${read.ratingAverage.toFixed(1)} (${read.ratingCount})`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
