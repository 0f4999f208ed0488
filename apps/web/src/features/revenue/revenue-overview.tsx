// The Overview tab: the range's figures, money and coins day by day, and sales per package.
import { formatPrice } from "@litverse/shared/payments";
import type { MoneyAmount, RevenueAnalytics } from "@litverse/shared/revenue";
import {
  BadgeDollarSign,
  BarChart3,
  Coins,
  Hourglass,
  LockOpen,
  Repeat,
  ShoppingBag,
  Undo2,
} from "lucide-react";
import { lazy, Suspense } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { cn } from "../../components/ui/cn.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Stat } from "../../components/ui/stat.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { formatCount } from "../../lib/format.ts";
import { amountIn, formatMoneyShort } from "./revenue-values.ts";

const MoneyChart = lazy(async () => ({ default: (await import("./revenue-charts.tsx")).MoneyChart }));
const CirculationChart = lazy(async () => ({
  default: (await import("./revenue-charts.tsx")).CirculationChart,
}));
const CoinFlowChart = lazy(async () => ({ default: (await import("./revenue-charts.tsx")).CoinFlowChart }));

const chartFallback = <Skeleton className="h-64 w-full" />;

/** "$12.00 · ₦1,500.00": every currency's amount, or "–" with none. */
function moneyList(amounts: MoneyAmount[]): string {
  return amounts.length === 0
    ? "–"
    : amounts.map((item) => formatPrice(item.amountMinor, item.currency)).join(" · ");
}

export function CurrencyPicker({
  currencies,
  value,
  onChange,
}: {
  currencies: string[];
  value: string;
  onChange: (currency: string) => void;
}) {
  if (currencies.length < 2) return null;
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">Currency</legend>
      <span className="text-sm font-medium text-muted-foreground" aria-hidden>
        Currency
      </span>
      <div className="flex w-fit gap-1 rounded-xl bg-stone-100 p-1 dark:bg-white/5">
        {currencies.map((currency) => (
          <button
            key={currency}
            type="button"
            aria-pressed={currency === value}
            onClick={() => onChange(currency)}
            className={cn(
              "h-8 rounded-lg px-3 text-sm font-medium transition",
              currency === value
                ? "bg-card text-foreground shadow-sm dark:bg-white/10"
                : "text-muted-foreground hover:text-foreground",
            )}
          >
            {currency}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

export function OverviewSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-label="Loading revenue">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3, 4, 5, 6, 7].map((key) => (
          <Skeleton key={key} className="h-28 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-96 w-full rounded-2xl" />
    </div>
  );
}

export function RevenueOverview({
  data,
  currency,
  rangeText,
}: {
  data: RevenueAnalytics;
  /** The currency the money chart and the money figures are in. */
  currency: string | null;
  rangeText: string;
}) {
  const { totals, daily } = data;
  const money = (amounts: MoneyAmount[]) =>
    currency ? formatPrice(amountIn(amounts, currency), currency) : "–";
  const tileMoney = (amounts: MoneyAmount[]) =>
    currency ? formatMoneyShort(amountIn(amounts, currency), currency) : "–";
  const circulation = totals.circulationAtEnd.purchased + totals.circulationAtEnd.bonus;
  const circulationBefore = totals.circulationAtStart.purchased + totals.circulationAtStart.bonus;
  const change = circulation - circulationBefore;
  const hasMoney =
    currency !== null &&
    daily.some((day) => day.purchases + day.subscriptionsNew + day.subscriptionRenewals + day.refunds > 0);
  const hasCoins = daily.some(
    (day) =>
      day.circulationPurchased + day.circulationBonus + day.coinsSold + day.coinsSpent + day.bonusExpired > 0,
  );

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="revenue-totals">
        <Stat
          label="Net revenue"
          value={tileMoney(totals.netAmounts)}
          icon={BadgeDollarSign}
          hint={
            currency
              ? `Gross ${formatPrice(amountIn(totals.purchaseAmounts, currency) + amountIn(totals.subscriptionAmounts, currency), currency)}, less refunds`
              : "No payments in this period"
          }
        />
        <Stat
          label="Coin purchases"
          value={totals.purchases}
          icon={ShoppingBag}
          hint={`${formatCount(totals.coinsSold)} coins + ${formatCount(totals.bonusCoinsSold)} bonus · ${money(totals.purchaseAmounts)}`}
        />
        <Stat
          label="New subscriptions"
          value={totals.subscriptionsNew}
          icon={Repeat}
          hint={`${formatCount(totals.subscriptionRenewals)} renewals · ${formatCount(totals.subscriptionCancellations)} cancellations`}
        />
        <Stat
          label="Refunds"
          value={totals.refunds}
          icon={Undo2}
          hint={`${money(totals.refundAmounts)} · ${formatCount(totals.coinsReversed)} coins taken back`}
        />
        <Stat
          label="Coins in circulation"
          value={circulation}
          icon={Coins}
          hint={`${formatCount(totals.circulationAtEnd.purchased)} purchased · ${formatCount(totals.circulationAtEnd.bonus)} bonus (${change >= 0 ? "+" : "−"}${formatCount(Math.abs(change))})`}
        />
        <Stat
          label="Coins spent on unlocks"
          value={totals.coinsSpent}
          icon={LockOpen}
          hint={`${formatCount(totals.unlocks)} unlocks · ${formatCount(totals.coinsReturned)} coins refunded`}
        />
        <Stat label="Bonus coins expired" value={totals.bonusExpired} icon={Hourglass} />
        <Stat
          label="Subscription revenue"
          value={tileMoney(totals.subscriptionAmounts)}
          icon={Repeat}
          hint={`${formatCount(totals.subscriptionsNew + totals.subscriptionRenewals)} payments`}
        />
      </div>
      {data.currencies.length > 1 ? (
        <p className="text-sm text-muted-foreground">
          All currencies: net {moneyList(totals.netAmounts)}. Amounts in different currencies are never added
          together.
        </p>
      ) : null}

      <Card>
        <CardHeader>
          <div>
            <CardTitle>Money in</CardTitle>
            <CardDescription>
              Coin purchases and subscriptions on the day they were paid, refunds on the day they were made
              {currency ? ` (${currency})` : ""}.
            </CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          {hasMoney && currency ? (
            <Suspense fallback={chartFallback}>
              <MoneyChart
                daily={daily}
                currency={currency}
                label={`Money in per day in ${currency}, ${rangeText}: net ${money(totals.netAmounts)}.`}
              />
            </Suspense>
          ) : (
            <EmptyState
              as="h3"
              icon={BarChart3}
              title="No payments in this period"
              text="Choose a longer period."
              className="border-0"
            />
          )}
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <div>
              <CardTitle>Coins in circulation</CardTitle>
              <CardDescription>
                What all wallets hold at the end of each day; bonus coins until they expire.
              </CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            {hasCoins ? (
              <Suspense fallback={chartFallback}>
                <CirculationChart
                  daily={daily}
                  label={`Coins in wallets at the end of each day, ${rangeText}: ${formatCount(circulation)} at the end.`}
                />
              </Suspense>
            ) : (
              <p className="py-10 text-center text-sm text-muted-foreground">No coins in any wallet.</p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <div>
              <CardTitle>Coin flow</CardTitle>
              <CardDescription>
                Coins sold, spent on unlocks (less refunds) and expired, per day.
              </CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            {hasCoins ? (
              <Suspense fallback={chartFallback}>
                <CoinFlowChart
                  daily={daily}
                  label={`Coins sold, spent and expired per day, ${rangeText}: ${formatCount(totals.coinsSpent)} spent.`}
                />
              </Suspense>
            ) : (
              <p className="py-10 text-center text-sm text-muted-foreground">No coins moved.</p>
            )}
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <div>
            <CardTitle>Coin packages</CardTitle>
            <CardDescription>Sales of each package in this period, per currency.</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          {data.packages.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">No package sold in this period.</p>
          ) : (
            <Table caption="Coin packages">
              <THead>
                <tr>
                  <TH>Package</TH>
                  <TH className="text-right">Sold</TH>
                  <TH className="text-right">Amount</TH>
                  <TH className="text-right">Coins</TH>
                  <TH className="text-right">Bonus</TH>
                  <TH className="text-right">Refunded</TH>
                </tr>
              </THead>
              <TBody>
                {data.packages.map((row) => (
                  <TR key={`${row.packageId ?? "deleted"}-${row.currency}`} data-testid="package-row">
                    <TD className="font-medium">{row.name}</TD>
                    <TD className="text-right tabular-nums">{formatCount(row.purchases)}</TD>
                    <TD className="text-right tabular-nums">{formatPrice(row.amountMinor, row.currency)}</TD>
                    <TD className="text-right tabular-nums">{formatCount(row.coins)}</TD>
                    <TD className="text-right tabular-nums">{formatCount(row.bonusCoins)}</TD>
                    <TD className="text-right tabular-nums">{formatCount(row.refunded)}</TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          )}
        </CardContent>
      </Card>

      <details className="rounded-2xl border border-border bg-card p-4 text-sm shadow-sm sm:p-5">
        <summary className="cursor-pointer font-medium text-muted-foreground hover:text-foreground">
          Day by day, as a table
        </summary>
        <Table caption="Day by day" stickyHeader maxHeight="24rem" containerClassName="mt-3">
          <THead>
            <tr>
              <TH>Day</TH>
              <TH className="text-right">Purchases</TH>
              <TH className="text-right">Purchase amounts</TH>
              <TH className="text-right">New subs</TH>
              <TH className="text-right">Renewals</TH>
              <TH className="text-right">Cancels</TH>
              <TH className="text-right">Subscription amounts</TH>
              <TH className="text-right">Refunds</TH>
              <TH className="text-right">Refunded</TH>
              <TH className="text-right">Coins spent</TH>
              <TH className="text-right">Bonus expired</TH>
              <TH className="text-right">Purchased held</TH>
              <TH className="text-right">Bonus held</TH>
            </tr>
          </THead>
          <TBody>
            {daily.map((day) => (
              <TR key={day.day}>
                <TD>{day.day}</TD>
                <TD className="text-right tabular-nums">{formatCount(day.purchases)}</TD>
                <TD className="text-right tabular-nums">{moneyList(day.purchaseAmounts)}</TD>
                <TD className="text-right tabular-nums">{formatCount(day.subscriptionsNew)}</TD>
                <TD className="text-right tabular-nums">{formatCount(day.subscriptionRenewals)}</TD>
                <TD className="text-right tabular-nums">{formatCount(day.subscriptionCancellations)}</TD>
                <TD className="text-right tabular-nums">{moneyList(day.subscriptionAmounts)}</TD>
                <TD className="text-right tabular-nums">{formatCount(day.refunds)}</TD>
                <TD className="text-right tabular-nums">{moneyList(day.refundAmounts)}</TD>
                <TD className="text-right tabular-nums">{formatCount(day.coinsSpent)}</TD>
                <TD className="text-right tabular-nums">{formatCount(day.bonusExpired)}</TD>
                <TD className="text-right tabular-nums">{formatCount(day.circulationPurchased)}</TD>
                <TD className="text-right tabular-nums">{formatCount(day.circulationBonus)}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </details>
    </div>
  );
}
