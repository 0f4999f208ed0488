// Revenue Analytics: money taken, refunds and coins in circulation over a range of days (UTC), with
// the payments and unlocks behind them, each refundable from here.
import { describeRange } from "@litverse/shared/day-range";
import { DayRangeControls, useDayRangeParams } from "../../components/day-range/day-range-controls.tsx";
import { cn } from "../../components/ui/cn.ts";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { PurchasesTab } from "./purchases-tab.tsx";
import { CurrencyPicker, OverviewSkeleton, RevenueOverview } from "./revenue-overview.tsx";
import { rangeProblem } from "./revenue-values.ts";
import { UnlocksTab } from "./unlocks-tab.tsx";
import { useRevenueAnalytics } from "./use-revenue-analytics.ts";

const TABS = ["overview", "purchases", "unlocks"] as const;
type Tab = (typeof TABS)[number];

/** The page's choices, in the address: ?tab=, the range of days, ?currency=. */
function useRevenueParams() {
  const rangeParams = useDayRangeParams({ pushOn: "tab" });
  const { params } = rangeParams;
  const tabParam = params.get("tab");
  const tab: Tab = (TABS as readonly string[]).includes(tabParam ?? "") ? (tabParam as Tab) : "overview";
  return { ...rangeParams, tab, currency: params.get("currency") };
}

type RevenueParams = ReturnType<typeof useRevenueParams>;

function OverviewTab({ params }: { params: RevenueParams }) {
  const problem = rangeProblem(params.range);
  const analytics = useRevenueAnalytics(params.range, !problem);
  const data = analytics.data;
  const currency =
    data && params.currency && data.currencies.includes(params.currency)
      ? params.currency
      : (data?.currencies[0] ?? null);
  return (
    <div className="space-y-6">
      <DayRangeControls rangeParams={params} problem={problem} rangeTestId="revenue-range" />
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
    <Page width="wide" className="space-y-6 py-8">
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
    </Page>
  );
}
