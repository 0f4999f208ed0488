// /badges (Achievements): every badge with its tiers, the person's progress towards the next one,
// the dates tiers were earned, and for locked ones what is left to do. Live.
import type { BadgeView } from "@litverse/shared/rewards";
import { Award, Check, Lock } from "lucide-react";
import { Badge } from "../../components/ui/badge.tsx";
import { cn } from "../../components/ui/cn.ts";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Progress } from "../../components/ui/progress.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatCount, formatDate } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { badgeIconOf } from "./reward-labels.ts";
import { useBadges } from "./use-badges.ts";

/** The medal's look by the highest tier earned: none, then bronze, silver, gold and beyond. */
const TIER_LOOKS = [
  "bg-stone-100 text-stone-400 dark:bg-white/5 dark:text-stone-500",
  "bg-orange-100 text-orange-700 ring-2 ring-orange-300 dark:bg-orange-400/15 dark:text-orange-300 dark:ring-orange-400/40",
  "bg-slate-100 text-slate-600 ring-2 ring-slate-300 dark:bg-slate-400/15 dark:text-slate-200 dark:ring-slate-400/40",
  "bg-amber-100 text-amber-700 ring-2 ring-amber-400 dark:bg-amber-400/15 dark:text-amber-300 dark:ring-amber-400/50",
  "bg-cyan-100 text-cyan-700 ring-2 ring-cyan-400 dark:bg-cyan-400/15 dark:text-cyan-300 dark:ring-cyan-400/50",
  "bg-violet-100 text-violet-700 ring-2 ring-violet-400 dark:bg-violet-400/15 dark:text-violet-300 dark:ring-violet-400/50",
];

export function BadgesPage() {
  useDocumentTitle("Achievements");
  const badges = useBadges();
  const earned = badges.data?.filter((badge) => badge.earnedTier > 0).length ?? 0;
  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Achievements"
        description={
          badges.data
            ? `${earned} of ${badges.data.length} badges earned. Read, listen, finish titles and take part in book clubs to earn the rest.`
            : "Badges for what you read, how often and how you take part."
        }
      />
      {badges.isError && !badges.data ? (
        <ErrorState
          title="Could not load your achievements"
          error={badges.error}
          onRetry={() => void badges.refetch()}
        />
      ) : !badges.data ? (
        <div
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          role="status"
          aria-label="Loading achievements"
        >
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
            <Skeleton key={index} className="h-44" />
          ))}
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Badges">
          {inShowingOrder(badges.data).map((badge) => (
            <BadgeCard key={badge.id} badge={badge} />
          ))}
        </ul>
      )}
    </Page>
  );
}

/** Earned badges first (highest tier first), then the ones closest to their next tier. */
function inShowingOrder(badges: BadgeView[]): BadgeView[] {
  const closeness = (badge: BadgeView) =>
    badge.nextThreshold === null ? 1 : badge.progress / Math.max(1, badge.nextThreshold);
  return [...badges].sort(
    (a, b) => b.earnedTier - a.earnedTier || closeness(b) - closeness(a) || a.name.localeCompare(b.name),
  );
}

function BadgeCard({ badge }: { badge: BadgeView }) {
  const Icon = badgeIconOf(badge.icon);
  const tierCount = badge.tiers.length;
  const isComplete = badge.nextThreshold === null;
  const lastEarned = badge.tiers.filter((tier) => tier.earnedAt).at(-1);
  const previousThreshold = badge.tiers[badge.earnedTier - 1]?.threshold ?? 0;
  const toGo = badge.nextThreshold === null ? 0 : badge.nextThreshold - badge.progress;
  return (
    <li
      className={cn(
        "flex flex-col rounded-2xl border border-border bg-card p-4 shadow-sm",
        badge.earnedTier === 0 && "bg-stone-50/60 dark:bg-white/[0.02]",
      )}
      data-testid="badge-card"
      data-earned-tier={badge.earnedTier}
    >
      <div className="flex items-start gap-3">
        <span
          className={cn(
            "relative inline-flex size-14 shrink-0 items-center justify-center rounded-full",
            TIER_LOOKS[Math.min(badge.earnedTier, TIER_LOOKS.length - 1)],
          )}
        >
          <Icon className="size-7" aria-hidden />
          {badge.earnedTier === 0 ? (
            <Lock
              className="absolute -right-0.5 -bottom-0.5 size-5 rounded-full bg-card p-0.5 text-muted-foreground"
              aria-hidden
            />
          ) : null}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold leading-snug">{badge.name}</h2>
          <p className="text-sm text-muted-foreground">{badge.description}</p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-1.5">
        <span className="sr-only">Tiers:</span>
        {badge.tiers.map((tier) => (
          <Badge
            key={tier.tier}
            variant={tier.earnedAt ? "success" : "neutral"}
            title={tier.earnedAt ? `Earned ${formatDate(tier.earnedAt)}` : undefined}
          >
            {tier.earnedAt ? <Check aria-hidden /> : null}
            {tierCount > 1 ? `Tier ${tier.tier}: ` : "Goal: "}
            {formatCount(tier.threshold)}
            <span className="sr-only">{tier.earnedAt ? ", earned" : ", not yet"}</span>
          </Badge>
        ))}
      </div>
      <div className="mt-auto pt-4">
        {isComplete ? (
          <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-700 dark:text-emerald-300">
            <Award className="size-4" aria-hidden />
            {tierCount > 1 ? "Every tier earned" : "Earned"}
            {lastEarned?.earnedAt ? ` on ${formatDate(lastEarned.earnedAt)}` : ""}
          </p>
        ) : (
          <>
            <Progress
              value={
                (badge.progress - previousThreshold) /
                Math.max(1, (badge.nextThreshold ?? 1) - previousThreshold)
              }
              label={`${badge.name}: progress`}
              size="sm"
            />
            <p className="mt-2 flex justify-between gap-2 text-sm text-muted-foreground">
              <span>
                {formatCount(toGo)} more to{" "}
                {badge.earnedTier === 0 ? "earn it" : `tier ${badge.earnedTier + 1}`}
              </span>
              <span className="tabular-nums" data-testid="badge-progress">
                {formatCount(badge.progress)} / {formatCount(badge.nextThreshold ?? 0)}
              </span>
            </p>
            {lastEarned?.earnedAt ? (
              <p className="mt-1 text-xs text-muted-foreground">
                Tier {badge.earnedTier} earned {formatDate(lastEarned.earnedAt)}
              </p>
            ) : null}
          </>
        )}
      </div>
    </li>
  );
}
