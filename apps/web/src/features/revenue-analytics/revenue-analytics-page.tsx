// Revenue Analytics: money taken, refunds and coins in circulation over a range of days (UTC), with
// the payments and unlocks behind them, each refundable from here.
import { keepPreviousData } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { cn } from "../../components/ui/cn.ts";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { PurchasesTab } from "./purchases-tab.tsx";
import { CurrencyPicker, OverviewSkeleton, RevenueOverview } from "./revenue-overview.tsx";
import { PRESETS, presetRange, type Range, rangeProblem } from "./revenue-values.ts";
import { UnlocksTab } from "./unlocks-tab.tsx";

const TABS = ["overview", "purchases", "unlocks"] as const;
type Tab = (typeof TABS)[number];

const longDay = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
export const describeRange = ({ from, to }: Range) =>
  `${longDay.format(new Date(`${from}T00:00:00Z`))} to ${longDay.format(new Date(`${to}T00:00:00Z`))} (UTC)`;

/** The page's choices, in the address: ?tab=, ?days=7|30|90 or ?days=custom&from=&to=, ?currency=. */
function useRevenueParams() {
  const [params, setParams] = useSearchParams();
  const from = params.get("from");
  const to = params.get("to");
  const days = Number(params.get("days") ?? 30);
  const isCustom = Boolean(from || to) || params.get("days") === "custom";
  const preset = (PRESETS as readonly number[]).includes(days) ? days : 30;
  const range: Range = isCustom ? { from: from ?? "", to: to ?? "" } : presetRange(preset);
  const tabParam = params.get("tab");
  const tab: Tab = (TABS as readonly string[]).includes(tabParam ?? "") ? (tabParam as Tab) : "overview";
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === "") next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: !("tab" in changes) },
    );
  return { range, isCustom, preset, tab, currency: params.get("currency"), update };
}

type RevenueParams = ReturnType<typeof useRevenueParams>;

function RangeControls({ params, problem }: { params: RevenueParams; problem: string | null }) {
  const { range, isCustom, preset, update } = params;
  const pill = (isOn: boolean) =>
    cn(
      "h-8 rounded-lg px-3 text-sm font-medium whitespace-nowrap transition",
      isOn
        ? "bg-card text-foreground shadow-sm dark:bg-white/10"
        : "text-muted-foreground hover:text-foreground",
    );
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-3 shadow-sm sm:flex-row sm:flex-wrap sm:items-end sm:p-4">
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">Period</legend>
        <div className="flex w-fit gap-1 rounded-xl bg-stone-100 p-1 dark:bg-white/5">
          {PRESETS.map((days) => (
            <button
              key={days}
              type="button"
              aria-pressed={!isCustom && preset === days}
              onClick={() => update({ days: String(days), from: null, to: null })}
              className={pill(!isCustom && preset === days)}
            >
              {days} days
            </button>
          ))}
          <button
            type="button"
            aria-pressed={isCustom}
            onClick={() => update({ days: "custom", from: range.from, to: range.to })}
            className={pill(isCustom)}
          >
            Custom
          </button>
        </div>
      </fieldset>
      {isCustom ? (
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Field label="From">
            <Input
              type="date"
              value={range.from}
              max={range.to || undefined}
              onChange={(event) => update({ from: event.target.value })}
            />
          </Field>
          <Field label="To">
            <Input
              type="date"
              value={range.to}
              min={range.from || undefined}
              onChange={(event) => update({ to: event.target.value })}
            />
          </Field>
        </div>
      ) : null}
      <p className="text-sm text-muted-foreground sm:ml-auto sm:self-center" aria-live="polite">
        {problem ? (
          <span className="font-medium text-rose-600 dark:text-rose-400">{problem}</span>
        ) : (
          <span data-testid="revenue-range">{describeRange(range)}</span>
        )}
      </p>
    </div>
  );
}

function OverviewTab({ params }: { params: RevenueParams }) {
  const problem = rangeProblem(params.range);
  const analytics = useLiveQuery({
    ...trpc.revenue.getRevenueAnalytics.queryOptions(params.range),
    enabled: !problem,
    placeholderData: keepPreviousData,
  });
  const data = analytics.data;
  const currency =
    data && params.currency && data.currencies.includes(params.currency)
      ? params.currency
      : (data?.currencies[0] ?? null);
  return (
    <div className="space-y-6">
      <RangeControls params={params} problem={problem} />
      {analytics.isError && !data ? (
        <ErrorState
          title="Could not load the revenue figures"
          error={analytics.error}
          onRetry={() => void analytics.refetch()}
          isRetrying={analytics.isFetching}
        />
      ) : !data ? (
        <OverviewSkeleton />
      ) : (
        <div
          className={cn("space-y-4 transition-opacity", analytics.isPlaceholderData && "opacity-60")}
          aria-busy={analytics.isFetching}
        >
          {currency ? (
            <CurrencyPicker
              currencies={data.currencies}
              value={currency}
              onChange={(next) => params.update({ currency: next })}
            />
          ) : null}
          <RevenueOverview data={data} currency={currency} rangeText={describeRange(params.range)} />
        </div>
      )}
    </div>
  );
}

export function RevenueAnalyticsPage() {
  useDocumentTitle("Revenue Analytics");
  const params = useRevenueParams();
  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <PageHeader
        title="Revenue Analytics"
        description="Purchases, subscriptions, refunds and the coins in readers' wallets."
      />
      <Tabs
        value={params.tab}
        onValueChange={(tab) => params.update({ tab: tab === "overview" ? null : tab })}
      >
        <TabsList variant="underline" aria-label="Revenue views">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="purchases">Purchases</TabsTrigger>
          <TabsTrigger value="unlocks">Unlocks</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab params={params} />
        </TabsContent>
        <TabsContent value="purchases">
          <PurchasesTab />
        </TabsContent>
        <TabsContent value="unlocks">
          <UnlocksTab />
        </TabsContent>
      </Tabs>
    </main>
  );
}
