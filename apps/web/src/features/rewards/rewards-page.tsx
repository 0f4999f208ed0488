// /rewards: the daily check-in on its 7-day cycle, the streak and its next milestone, today's XP
// against each source's daily cap, and the yearly reading goal. Everything here is live: a check-in
// on another device, XP from the reader in another tab, or a rule change shows at once.
import { CHECK_IN_CYCLE_DAYS, type RewardsOverview, YEARLY_GOAL_MAX } from "@litverse/shared/rewards";
import { Award, Check, Coins, Flame, Gift, Target, Trophy } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Progress } from "../../components/ui/progress.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatCount } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { XP_SOURCE_LABELS } from "./reward-labels.ts";
import { useCheckIn, useRewardsOverview, useSetYearlyGoal } from "./use-rewards.ts";

const CARD = "rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5";

export function RewardsPage() {
  useDocumentTitle("Rewards");
  const overview = useRewardsOverview();
  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Rewards"
        description="Check in every day, keep your streak going and earn XP as you read and listen."
        actions={
          <>
            <Button asChild variant="secondary">
              <Link to="/badges">
                <Award aria-hidden /> Achievements
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to="/leaderboard">
                <Trophy aria-hidden /> Leaderboard
              </Link>
            </Button>
          </>
        }
      />
      {overview.isError && !overview.data ? (
        <ErrorState
          title="Could not load your rewards"
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      ) : !overview.data ? (
        <div className="grid gap-4 lg:grid-cols-3" role="status" aria-label="Loading rewards">
          <Skeleton className="h-56 lg:col-span-2" />
          <Skeleton className="h-56" />
          <Skeleton className="h-48 lg:col-span-2" />
          <Skeleton className="h-48" />
        </div>
      ) : (
        <div className="grid gap-4 lg:grid-cols-3">
          <CheckInCard overview={overview.data} className="lg:col-span-2" />
          <StreakCard streak={overview.data.streak} />
          <TodayXpCard xp={overview.data.xp} className="lg:col-span-2" />
          <GoalCard goal={overview.data.yearlyGoal} />
        </div>
      )}
    </Page>
  );
}

function CheckInCard({ overview, className }: { overview: RewardsOverview; className?: string }) {
  const { checkIn } = overview;
  const claim = useCheckIn();
  return (
    <section className={cn(CARD, className)} aria-labelledby="check-in-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="check-in-heading" className="text-lg font-semibold">
            Daily check-in
          </h2>
          <p className="text-sm text-muted-foreground">
            {checkIn.checkedInToday
              ? `Day ${checkIn.cycleDay} of ${CHECK_IN_CYCLE_DAYS} claimed. Come back tomorrow for the next.`
              : `Day ${checkIn.cycleDay} of ${CHECK_IN_CYCLE_DAYS} is waiting. Day ${CHECK_IN_CYCLE_DAYS} is worth the most.`}
          </p>
        </div>
        <Button
          onClick={claim.checkIn}
          isLoading={claim.isPending}
          disabled={checkIn.checkedInToday}
          data-testid="check-in"
        >
          {checkIn.checkedInToday ? (
            <>
              <Check aria-hidden /> Checked in today
            </>
          ) : (
            <>
              <Gift aria-hidden /> Check in
            </>
          )}
        </Button>
      </div>
      <ol className="mt-4 grid grid-cols-7 gap-1.5 sm:gap-2" aria-label="This week's check-ins">
        {checkIn.days.map((day) => {
          const isToday = day.day === checkIn.cycleDay;
          const isBig = day.day === CHECK_IN_CYCLE_DAYS;
          return (
            <li
              key={day.day}
              data-testid="check-in-day"
              data-claimed={day.claimed}
              aria-current={isToday ? "date" : undefined}
              className={cn(
                "flex flex-col items-center gap-1 rounded-xl border px-0.5 py-2 text-center sm:py-3",
                day.claimed
                  ? "border-transparent bg-brand-600 text-white dark:bg-brand-500"
                  : isToday
                    ? "border-brand-500 bg-brand-50 dark:bg-brand-500/15"
                    : isBig
                      ? "border-amber-400 bg-amber-50 dark:border-amber-400/60 dark:bg-amber-400/10"
                      : "border-border bg-stone-50 dark:bg-white/5",
              )}
            >
              <span className="text-[11px] font-medium sm:text-xs">Day {day.day}</span>
              {day.claimed ? (
                <Check className="size-5" aria-hidden />
              ) : isBig ? (
                <Gift className="size-5 text-amber-600 dark:text-amber-300" aria-hidden />
              ) : (
                <Coins className="size-5 text-amber-600 dark:text-amber-300" aria-hidden />
              )}
              <span className="text-xs font-semibold tabular-nums sm:text-sm">
                {day.coins}
                <span className="sr-only"> coins{day.claimed ? ", claimed" : ""}</span>
              </span>
            </li>
          );
        })}
      </ol>
      <p className="mt-3 text-xs text-muted-foreground">
        Check-in coins are bonus coins: they are spent first and last 30 days. Missing a day starts the cycle
        and the streak again.
      </p>
    </section>
  );
}

function StreakCard({ streak }: { streak: RewardsOverview["streak"] }) {
  const { current, best, nextMilestone, milestoneCoins } = streak;
  return (
    <section className={CARD} aria-labelledby="streak-heading">
      <h2 id="streak-heading" className="text-lg font-semibold">
        Streak
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <span
          className={cn(
            "inline-flex size-14 items-center justify-center rounded-2xl",
            current > 0
              ? "bg-orange-100 text-orange-600 dark:bg-orange-400/15 dark:text-orange-300"
              : "bg-stone-100 text-stone-400 dark:bg-white/5",
          )}
        >
          <Flame className="size-8" aria-hidden />
        </span>
        <p>
          <span className="block text-3xl font-bold tabular-nums" data-testid="streak-current">
            {current} {current === 1 ? "day" : "days"}
          </span>
          <span className="text-sm text-muted-foreground">Best: {best} days</span>
        </p>
      </div>
      {nextMilestone ? (
        <div className="mt-4">
          <Progress
            value={current / nextMilestone}
            label={`Streak towards ${nextMilestone} days`}
            size="sm"
          />
          <p className="mt-2 text-sm text-muted-foreground">
            {nextMilestone - current} more {nextMilestone - current === 1 ? "day" : "days"} to the{" "}
            {nextMilestone}-day milestone
            {milestoneCoins > 0 ? `: ${milestoneCoins} bonus coins` : ""}.
          </p>
        </div>
      ) : (
        <p className="mt-4 text-sm text-muted-foreground">Every milestone reached. Keep it going!</p>
      )}
    </section>
  );
}

function TodayXpCard({ xp, className }: { xp: RewardsOverview["xp"]; className?: string }) {
  return (
    <section className={cn(CARD, className)} aria-labelledby="xp-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="xp-heading" className="text-lg font-semibold">
          XP today
        </h2>
        <p className="text-2xl font-bold tabular-nums" data-testid="xp-today">
          {formatCount(xp.todayTotal)} XP
        </p>
      </div>
      <p className="text-sm text-muted-foreground">
        Earned by reading and listening while the page is open, first reads of episodes, finished titles and
        club posts. Each has a daily limit; rereading earns nothing. XP places you in this week's league.
      </p>
      <ul className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {xp.bySource.map((item) => (
          <li key={item.source}>
            <div className="mb-1 flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium">{XP_SOURCE_LABELS[item.source]}</span>
              <span className="text-muted-foreground tabular-nums">
                {item.xp} / {item.cap} XP
              </span>
            </div>
            <Progress
              value={item.cap > 0 ? item.xp / item.cap : 0}
              label={`${XP_SOURCE_LABELS[item.source]} XP today`}
              size="sm"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function GoalCard({ goal }: { goal: RewardsOverview["yearlyGoal"] }) {
  const [isEditing, setIsEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string[] | undefined>();
  const { setGoal, isPending: isSaving } = useSetYearlyGoal();
  const startEditing = () => {
    setDraft(String(goal.target ?? 12));
    setError(undefined);
    setIsEditing(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setGoal(Number(draft), { onSaved: () => setIsEditing(false), onFailed: setError });
  };
  return (
    <section className={CARD} aria-labelledby="goal-heading">
      <div className="flex items-center gap-2">
        <Target className="size-5 text-brand-500" aria-hidden />
        <h2 id="goal-heading" className="text-lg font-semibold">
          {goal.year} reading goal
        </h2>
      </div>
      {isEditing ? (
        <form className="mt-3 space-y-3" onSubmit={submit} noValidate>
          <Field label="Titles to finish this year" error={error}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={YEARLY_GOAL_MAX}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
          </Field>
          <div className="flex gap-2">
            <Button type="submit" isLoading={isSaving}>
              Save goal
            </Button>
            <Button type="button" variant="secondary" onClick={() => setIsEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : goal.target ? (
        <div className="mt-3">
          <p className="text-3xl font-bold tabular-nums" data-testid="goal-progress">
            {goal.finished}{" "}
            <span className="text-lg font-medium text-muted-foreground">of {goal.target}</span>
          </p>
          <p className="text-sm text-muted-foreground">titles finished</p>
          <Progress
            value={goal.finished / goal.target}
            label={`${goal.year} reading goal`}
            className="mt-3"
          />
          <p className="mt-2 text-sm text-muted-foreground">
            {goal.finished >= goal.target
              ? "Goal reached. Wonderful!"
              : `${goal.target - goal.finished} to go.`}
          </p>
          <Button variant="ghost" size="sm" className="mt-2 -ml-3" onClick={startEditing}>
            Change goal
          </Button>
        </div>
      ) : (
        <div className="mt-3 space-y-3">
          <p className="text-sm text-muted-foreground">
            {goal.finished > 0
              ? `You have finished ${goal.finished} ${goal.finished === 1 ? "title" : "titles"} this year. `
              : ""}
            Set how many titles you want to finish this year and follow your progress.
          </p>
          <Button onClick={startEditing}>Set a goal</Button>
        </div>
      )}
    </section>
  );
}
