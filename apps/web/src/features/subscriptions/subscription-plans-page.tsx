// Subscription Plans: the plans on offer by tier, and the reader's own subscription (live: it
// changes here as soon as a payment settles, a renewal arrives or a cancellation is made).
// `?tier=premium|vvip` highlights the plans that open what the reader was trying to open, and
// `?returnTo=<path>` takes them back there after paying.
import { isSameSitePath } from "@litverse/shared/payments";
import type { MySubscription, PlanView } from "@litverse/shared/subscriptions";
import { Check, Coins, Crown, Gem, Sparkles } from "lucide-react";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { cn } from "../../components/ui/cn.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatCount, formatDate } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import {
  INTERVAL_ADJECTIVES,
  isCurrentPlan,
  priceLabel,
  STATUS_LABELS,
  subscriptionStatusLine,
  TIER_LABELS,
  tierParam,
} from "./plan-values.ts";
import { useCancelSubscription, useMySubscription, useResumeSubscription } from "./use-my-subscription.ts";
import { usePlansOnOffer, useStartSubscriptionCheckout } from "./use-subscription-plans.ts";

const TIER_BLURBS = {
  premium: "Every premium title, all episodes.",
  vvip: "Everything: VVIP and premium titles, all episodes.",
} as const;

export function SubscriptionPlansPage() {
  useDocumentTitle("Subscription Plans");
  const [params] = useSearchParams();
  const highlightedTier = tierParam(params.get("tier"));
  const requestedReturn = params.get("returnTo");
  const returnTo = requestedReturn && isSameSitePath(requestedReturn) ? requestedReturn : null;
  const plans = usePlansOnOffer();
  const mine = useMySubscription();

  return (
    <Page width="wide" className="space-y-8 py-8">
      <PageHeader
        title="Subscription Plans"
        description="Premium opens every premium title; VVIP opens everything, premium included. Each plan adds bonus coins every month."
      />
      {highlightedTier ? (
        <p className="rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-700 dark:border-brand-500/30 dark:bg-brand-500/10 dark:text-brand-100">
          The episode you were opening needs <strong>{TIER_LABELS[highlightedTier]}</strong>
          {highlightedTier === "premium" ? " (VVIP includes it too)" : ""}.
          {returnTo ? " After paying you will go straight back to it." : ""}
        </p>
      ) : null}
      {mine.isError ? (
        <ErrorState
          error={mine.error}
          title="Could not load your subscription"
          onRetry={() => void mine.refetch()}
        />
      ) : mine.data ? (
        <CurrentSubscription mine={mine.data} />
      ) : (
        <Skeleton className="h-28 w-full" />
      )}
      {plans.isError ? (
        <ErrorState
          error={plans.error}
          title="Could not load the plans"
          onRetry={() => void plans.refetch()}
        />
      ) : !plans.data ? (
        <div role="status" aria-label="Loading plans" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-80" />
          ))}
        </div>
      ) : plans.data.length === 0 ? (
        <EmptyState icon={Crown} title="No plans on offer right now" text="Please come back soon." />
      ) : (
        <PlanSections
          plans={plans.data}
          mine={mine.data ?? null}
          highlightedTier={highlightedTier}
          returnTo={returnTo}
        />
      )}
    </Page>
  );
}

function PlanSections({
  plans,
  mine,
  highlightedTier,
  returnTo,
}: {
  plans: PlanView[];
  mine: MySubscription | null;
  highlightedTier: "premium" | "vvip" | null;
  returnTo: string | null;
}) {
  const highlighted = useRef<HTMLElement>(null);
  useEffect(() => {
    highlighted.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, []);
  const tiers = (["premium", "vvip"] as const).filter((tier) => plans.some((plan) => plan.tier === tier));
  return (
    <div className="space-y-10">
      {tiers.map((tier) => {
        const isHighlighted = highlightedTier === tier || (highlightedTier === "premium" && tier === "vvip");
        const Icon = tier === "vvip" ? Gem : Crown;
        return (
          <section
            key={tier}
            ref={highlightedTier === tier ? highlighted : undefined}
            aria-labelledby={`tier-${tier}`}
            className="scroll-mt-24 space-y-4"
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h2 id={`tier-${tier}`} className="flex items-center gap-2 text-xl font-bold">
                <Icon className="size-5 text-brand-600 dark:text-brand-400" aria-hidden />
                {TIER_LABELS[tier]}
              </h2>
              <p className="text-sm text-muted-foreground">{TIER_BLURBS[tier]}</p>
            </div>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {plans
                .filter((plan) => plan.tier === tier)
                .map((plan) => (
                  <li key={plan.id} className="flex">
                    <PlanCard plan={plan} mine={mine} isHighlighted={isHighlighted} returnTo={returnTo} />
                  </li>
                ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function PlanCard({
  plan,
  mine,
  isHighlighted,
  returnTo,
}: {
  plan: PlanView;
  mine: MySubscription | null;
  isHighlighted: boolean;
  returnTo: string | null;
}) {
  const subscription = mine?.subscription ?? null;
  const isMine = isCurrentPlan(plan, subscription);
  const hasOtherPlan = !!subscription?.isInForce && !isMine;
  const start = useStartSubscriptionCheckout();
  const headingId = `plan-${plan.id}`;
  return (
    <Card
      aria-labelledby={headingId}
      className={cn(
        "flex w-full flex-col p-5",
        isHighlighted && "border-brand-500 ring-2 ring-brand-500/40 dark:border-brand-400",
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {INTERVAL_ADJECTIVES[plan.interval]}
          </p>
          <h3 id={headingId} className="text-lg font-semibold">
            {plan.name}
          </h3>
        </div>
        <Badge variant={plan.tier}>{TIER_LABELS[plan.tier]}</Badge>
      </div>
      <p className="mt-4 text-3xl font-bold tracking-tight">{priceLabel(plan)}</p>
      {plan.monthlyBonusCoins > 0 ? (
        <p className="mt-2 flex items-center gap-1.5 text-sm font-medium text-amber-700 dark:text-amber-300">
          <Coins className="size-4" aria-hidden />
          {formatCount(plan.monthlyBonusCoins)} bonus coins every month
        </p>
      ) : null}
      {plan.benefits.length > 0 ? (
        <ul className="mt-4 flex-1 space-y-2 text-sm" aria-label={`What ${plan.name} includes`}>
          {plan.benefits.map((benefit) => (
            <li key={benefit} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
      ) : (
        <div className="flex-1" />
      )}
      <div className="mt-6">
        {isMine ? (
          <Button className="w-full" variant="secondary" disabled>
            Your plan
          </Button>
        ) : (
          <Button
            className="w-full"
            variant={isHighlighted ? "gradient" : "primary"}
            disabled={hasOtherPlan || !mine}
            isLoading={start.isPending || start.isSuccess}
            aria-describedby={hasOtherPlan ? `${headingId}-note` : undefined}
            // Without a page to go back to, the result page's "Continue" comes back here.
            onClick={() => start.mutate({ planId: plan.id, returnTo: returnTo ?? "/subscription/plans" })}
          >
            <Sparkles aria-hidden />
            Subscribe
          </Button>
        )}
        {hasOtherPlan ? (
          <p id={`${headingId}-note`} className="mt-2 text-xs text-muted-foreground">
            You already have {subscription?.plan.name}. Cancel it to switch once it ends.
          </p>
        ) : null}
      </div>
    </Card>
  );
}

function CurrentSubscription({ mine }: { mine: MySubscription }) {
  const { subscription, vvipGrantEndsAt } = mine;
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  if (!subscription && !vvipGrantEndsAt) return null;
  return (
    <section aria-labelledby="my-subscription" className="space-y-3">
      <h2 id="my-subscription" className="text-xl font-bold">
        Your subscription
      </h2>
      {subscription ? (
        <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-lg font-semibold">{subscription.plan.name}</p>
              <Badge variant={subscription.plan.tier}>{TIER_LABELS[subscription.plan.tier]}</Badge>
              <Badge
                variant={
                  subscription.isInForce
                    ? subscription.cancelAtPeriodEnd
                      ? "warning"
                      : "success"
                    : "neutral"
                }
              >
                {subscription.isInForce && subscription.cancelAtPeriodEnd
                  ? "Cancels at period end"
                  : STATUS_LABELS[subscription.status]}
              </Badge>
            </div>
            <p className="text-sm text-muted-foreground" data-testid="subscription-status">
              {subscriptionStatusLine(subscription)}
            </p>
            <p className="text-sm text-muted-foreground">{priceLabel(subscription.plan)}</p>
          </div>
          {subscription.isInForce ? (
            <div className="flex shrink-0 flex-wrap gap-2">
              {subscription.cancelAtPeriodEnd ? (
                <Button onClick={() => resume.mutate()} isLoading={resume.isPending}>
                  Resume subscription
                </Button>
              ) : (
                <ConfirmDialog
                  trigger={<Button variant="secondary">Cancel subscription</Button>}
                  title="Cancel your subscription?"
                  description={`You keep ${TIER_LABELS[subscription.plan.tier]} until ${formatDate(subscription.currentPeriodEnd ?? "")}; it will not renew after that. You can resume before then.`}
                  confirmLabel="Cancel subscription"
                  cancelLabel="Keep it"
                  onConfirm={() => cancel.mutateAsync()}
                  errorFallback="Could not cancel your subscription. Please try again."
                />
              )}
            </div>
          ) : null}
        </Card>
      ) : null}
      {vvipGrantEndsAt ? (
        <Card className="flex items-center gap-3 p-5">
          <Gem className="size-6 shrink-0 text-fuchsia-600 dark:text-fuchsia-400" aria-hidden />
          <p className="text-sm">
            The Litverse team has given you <strong>VVIP access</strong> until {formatDate(vvipGrantEndsAt)}.
          </p>
        </Card>
      ) : null}
    </section>
  );
}
