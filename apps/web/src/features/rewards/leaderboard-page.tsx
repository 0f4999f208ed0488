// /leaderboard: this week's league group (tier, standings with the zones that move up and down,
// the time left, last week's result), the all-time board and the friends board, and the switch
// that leaves every board. The week's standings are live; the countdown runs on the client.

import type { PersonSummary } from "@litverse/shared/people";
import { LEAGUE_TIER_LABELS, LEAGUE_TIERS, type LeagueZone, type MyLeague } from "@litverse/shared/rewards";
import { ArrowDown, ArrowUp, Clock, Crown, Trophy, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { useNow } from "../../components/people/use-now.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { formatCount, formatDate } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { formatTimeLeft, ordinal, TIER_COLOURS, tierLabel } from "./reward-labels.ts";
import { useAllTimeBoard, useFriendsBoard, useLeaderboardOptOut, useMyLeague } from "./use-leaderboards.ts";

const TABS = ["week", "all-time", "friends"] as const;
type Tab = (typeof TABS)[number];

export function LeaderboardPage() {
  useDocumentTitle("Leaderboard");
  const [params, setParams] = useSearchParams();
  const tabParam = params.get("tab");
  const tab: Tab = (TABS as readonly string[]).includes(tabParam ?? "") ? (tabParam as Tab) : "week";
  const league = useMyLeague();
  return (
    <Page width="reading" className="space-y-6 py-8">
      <PageHeader
        title="Leaderboard"
        description="Earn XP by reading and listening to climb your weekly league. Leagues end every Monday at 00:00 UTC."
      />
      <Tabs value={tab} onValueChange={(next) => setParams(next === "week" ? {} : { tab: next })}>
        <TabsList aria-label="Boards">
          <TabsTrigger value="week">This week</TabsTrigger>
          <TabsTrigger value="all-time">All time</TabsTrigger>
          <TabsTrigger value="friends">Friends</TabsTrigger>
        </TabsList>
        <TabsContent value="week">
          {league.isError && !league.data ? (
            <ErrorState
              title="Could not load your league"
              error={league.error}
              onRetry={() => void league.refetch()}
            />
          ) : !league.data ? (
            <BoardSkeleton />
          ) : (
            <WeekBoard league={league.data} />
          )}
        </TabsContent>
        <TabsContent value="all-time">
          <AllTimeBoard />
        </TabsContent>
        <TabsContent value="friends">
          <FriendsBoard />
        </TabsContent>
      </Tabs>
      {league.data ? <OptOutSwitch optedOut={league.data.optedOut} /> : null}
    </Page>
  );
}

function BoardSkeleton() {
  return (
    <div className="space-y-3" role="status" aria-label="Loading the board">
      <Skeleton className="h-28" />
      <Skeleton className="h-80" />
    </div>
  );
}

function WeekBoard({ league }: { league: MyLeague }) {
  const now = useNow(true, 30_000);
  const secondsLeft = Math.max(0, (Date.parse(league.endsAt) - now) / 1000);
  const tierIndex = LEAGUE_TIERS.indexOf(league.tier);
  const above = LEAGUE_TIERS[tierIndex + 1];
  const below = LEAGUE_TIERS[tierIndex - 1];
  return (
    <div className="space-y-4">
      <section
        className={cn(
          "overflow-hidden rounded-2xl bg-gradient-to-br p-5 text-white shadow-sm",
          TIER_COLOURS[league.tier],
        )}
        aria-labelledby="league-heading"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-white/15">
              <Trophy className="size-7" aria-hidden />
            </span>
            <div>
              <h2 id="league-heading" className="text-xl font-bold" data-testid="league-tier">
                {tierLabel(league.tier)}
              </h2>
              <p className="text-sm text-white/90">
                Tier {tierIndex + 1} of {LEAGUE_TIERS.length}
              </p>
            </div>
          </div>
          <p className="flex items-center gap-1.5 rounded-full bg-black/20 px-3 py-1 text-sm font-medium">
            <Clock className="size-4" aria-hidden />
            <span data-testid="league-time-left">{formatTimeLeft(secondsLeft)}</span>
          </p>
        </div>
        {league.group ? (
          <p className="mt-3 text-sm text-white/90">
            {league.group.memberCount} readers in this group.
            {league.group.promotedCount > 0 && above
              ? ` The top ${league.group.promotedCount} move up to ${LEAGUE_TIER_LABELS[above]}.`
              : ""}
            {league.group.demotedCount > 0 && below
              ? ` The bottom ${league.group.demotedCount} move down to ${LEAGUE_TIER_LABELS[below]}.`
              : ""}{" "}
            The top three earn bonus coins.
          </p>
        ) : null}
      </section>
      {league.lastResult ? <LastResult result={league.lastResult} /> : null}
      {!league.joined ? (
        <EmptyState
          icon={Trophy}
          title={`Earn XP to join a ${tierLabel(league.tier)}`}
          text="Read or listen for a few minutes, or finish an episode: you will be placed in a group of about 30 readers who started the week around the same time."
          action={
            <Button asChild>
              <Link to="/my-library">Continue reading</Link>
            </Button>
          }
        />
      ) : (
        <ol
          className="overflow-hidden rounded-2xl border border-border bg-card"
          aria-label={`Standings in your ${tierLabel(league.tier)} group`}
        >
          {league.standings.map((standing, index) => {
            const previous = league.standings[index - 1];
            const startsZone = standing.zone !== "promotion" && previous?.zone !== standing.zone;
            return (
              <li key={standing.person._id} className="contents">
                {startsZone && standing.zone === "demotion" ? (
                  <ZoneLine zone="demotion" />
                ) : startsZone && previous?.zone === "promotion" ? (
                  <ZoneLine zone="promotion" />
                ) : null}
                <StandingRow
                  rank={standing.rank}
                  person={standing.person}
                  xp={standing.xp}
                  isMe={standing.isMe}
                  zone={standing.zone}
                />
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

/** The line under the last place that moves up, or above the first that moves down. */
function ZoneLine({ zone }: { zone: LeagueZone }) {
  return (
    <div
      aria-hidden
      className={cn(
        "flex items-center gap-2 border-y px-4 py-1 text-xs font-semibold",
        zone === "promotion"
          ? "border-emerald-200 bg-emerald-50 text-emerald-700 dark:border-emerald-400/20 dark:bg-emerald-400/10 dark:text-emerald-300"
          : "border-rose-200 bg-rose-50 text-rose-700 dark:border-rose-400/20 dark:bg-rose-400/10 dark:text-rose-300",
      )}
    >
      {zone === "promotion" ? (
        <>
          <ArrowUp className="size-3.5" /> Promotion zone above
        </>
      ) : (
        <>
          <ArrowDown className="size-3.5" /> Demotion zone below
        </>
      )}
    </div>
  );
}

function StandingRow({
  rank,
  person,
  xp,
  isMe,
  zone,
  detail,
}: {
  rank: number;
  person: PersonSummary;
  xp: number;
  isMe: boolean;
  zone?: LeagueZone;
  detail?: ReactNode;
}) {
  const zoneText = zone === "promotion" ? ", moving up" : zone === "demotion" ? ", moving down" : "";
  return (
    <div
      className={cn(
        "flex items-center gap-3 border-b border-border px-3 py-2.5 last:border-b-0 sm:px-4",
        isMe && "bg-brand-50 dark:bg-brand-500/15",
      )}
      data-testid="standing"
      data-me={isMe || undefined}
      aria-current={isMe ? "true" : undefined}
    >
      <span
        className={cn(
          "w-8 shrink-0 text-center font-bold tabular-nums",
          rank <= 3 ? "text-amber-600 dark:text-amber-300" : "text-muted-foreground",
        )}
      >
        {rank === 1 ? <Crown className="mx-auto size-5" aria-label="1" /> : rank}
        <span className="sr-only">{zoneText}</span>
      </span>
      <PersonAvatar person={person} size="sm" />
      <span className="min-w-0 flex-1">
        <Link
          to={person.handle ? `/user/${person.handle}` : `/profile/${person._id}`}
          className="block truncate font-medium hover:underline"
        >
          {person.name}
          {isMe ? <span className="text-muted-foreground"> (you)</span> : null}
        </Link>
        {detail ? <span className="block text-xs text-muted-foreground">{detail}</span> : null}
      </span>
      {zone === "promotion" ? (
        <ArrowUp className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
      ) : zone === "demotion" ? (
        <ArrowDown className="size-4 shrink-0 text-rose-600 dark:text-rose-400" aria-hidden />
      ) : null}
      <span className="w-20 shrink-0 text-right font-semibold tabular-nums">{formatCount(xp)} XP</span>
    </div>
  );
}

function LastResult({ result }: { result: NonNullable<MyLeague["lastResult"]> }) {
  const outcome =
    result.outcome === "promoted" ? "moved up" : result.outcome === "demoted" ? "moved down" : "stayed";
  return (
    <p className="rounded-xl border border-border bg-card px-4 py-3 text-sm" data-testid="league-last-result">
      Week of {formatDate(result.weekStart, "UTC")}: you finished <strong>{ordinal(result.rank)}</strong> in{" "}
      {tierLabel(result.tier)} and {outcome}
      {result.coins > 0 ? `, with ${result.coins} bonus coins` : ""}.
    </p>
  );
}

function AllTimeBoard() {
  const board = useAllTimeBoard();
  if (board.isError && !board.data) {
    return (
      <ErrorState title="Could not load the board" error={board.error} onRetry={() => void board.refetch()} />
    );
  }
  if (!board.data) return <BoardSkeleton />;
  const { entries, me } = board.data;
  return (
    <div className="space-y-3">
      {me ? (
        <p className="text-sm text-muted-foreground" data-testid="all-time-me">
          You are {ordinal(me.rank)} of all time with {formatCount(me.xp)} XP.
        </p>
      ) : null}
      {entries.length === 0 ? (
        <EmptyState icon={Trophy} title="Nobody has earned XP yet" text="Be the first: start reading." />
      ) : (
        <ol className="overflow-hidden rounded-2xl border border-border bg-card" aria-label="All-time board">
          {entries.map((entry) => (
            <li key={entry.person._id}>
              <StandingRow rank={entry.rank} person={entry.person} xp={entry.xp} isMe={entry.isMe} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function FriendsBoard() {
  const board = useFriendsBoard();
  if (board.isError && !board.data) {
    return (
      <ErrorState title="Could not load the board" error={board.error} onRetry={() => void board.refetch()} />
    );
  }
  if (!board.data) return <BoardSkeleton />;
  const { entries } = board.data;
  if (entries.length <= 1) {
    return (
      <EmptyState
        icon={Users}
        title="Compete with your friends"
        text="Add friends to see who reads the most each week."
        action={
          <Button asChild>
            <Link to="/users">Make Friends</Link>
          </Button>
        }
      />
    );
  }
  return (
    <ol className="overflow-hidden rounded-2xl border border-border bg-card" aria-label="Friends this week">
      {entries.map((entry) => (
        <li key={entry.person._id}>
          <StandingRow
            rank={entry.rank}
            person={entry.person}
            xp={entry.weekXp}
            isMe={entry.isMe}
            detail={`${formatCount(entry.allTimeXp)} XP of all time`}
          />
        </li>
      ))}
    </ol>
  );
}

function OptOutSwitch({ optedOut }: { optedOut: boolean }) {
  const { setOptedOut, isPending } = useLeaderboardOptOut();
  return (
    <section className="rounded-2xl border border-border bg-card p-4">
      <Switch
        label="Show me on leaderboards"
        description="When off, nobody sees you on any board or in your league group. You still earn XP and league coins."
        checked={!optedOut}
        disabled={isPending}
        onCheckedChange={(isShown) => setOptedOut(!isShown)}
      />
      {optedOut ? (
        <Badge variant="warning" className="mt-3">
          Hidden from every board
        </Badge>
      ) : null}
    </section>
  );
}
