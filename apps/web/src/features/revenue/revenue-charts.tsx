// The revenue page's charts (recharts), loaded lazily so the chart library stays out of every other
// page's download. The look is chart-theme.ts and day-chart.tsx, shared with the other admin
// charts; colours follow the light or dark theme.
import { formatPrice } from "@litverse/shared/payments";
import type { RevenueDay } from "@litverse/shared/revenue";
import { DARK_CHROME, LIGHT_CHROME, useChartPalette } from "../../components/charts/chart-theme.ts";
import { DayChart } from "../../components/charts/day-chart.tsx";
import { formatCount } from "../../lib/format.ts";
import { amountIn } from "./revenue-values.ts";

const LIGHT = {
  ...LIGHT_CHROME,
  purchases: "#4f46e5",
  subscriptions: "#c026d3",
  refunds: "#e11d48",
  purchased: "#d97706",
  bonus: "#059669",
  spent: "#4f46e5",
  expired: "#a8a29e",
};
const DARK = {
  ...DARK_CHROME,
  purchases: "#818cf8",
  subscriptions: "#e879f9",
  refunds: "#fb7185",
  purchased: "#fbbf24",
  bonus: "#34d399",
  spent: "#818cf8",
  expired: "#78716c",
};

/** Money in per day in one currency: coin purchases and subscriptions stacked, refunds beside. */
export function MoneyChart({
  daily,
  currency,
  label,
}: {
  daily: RevenueDay[];
  currency: string;
  label: string;
}) {
  const palette = useChartPalette(LIGHT, DARK);
  const data = daily.map((day) => ({
    day: day.day,
    purchases: amountIn(day.purchaseAmounts, currency),
    subscriptions: amountIn(day.subscriptionAmounts, currency),
    refunds: amountIn(day.refundAmounts, currency),
  }));
  const money = (value: number) => formatPrice(value, currency);
  return (
    <DayChart
      kind="bar"
      data={data}
      palette={palette}
      label={label}
      axisWidth={64}
      // Whole units on the axis: "$1,200", not "$1,200.00".
      formatAxis={(value) => money(value).replace(/\.00$/, "")}
      formatValue={money}
      series={[
        { key: "purchases", name: "Coin purchases", color: palette.purchases, stack: "in" },
        { key: "subscriptions", name: "Subscriptions", color: palette.subscriptions, stack: "in" },
        { key: "refunds", name: "Refunds", color: palette.refunds },
      ]}
    />
  );
}

const coins = (value: number) => `${formatCount(value)} coins`;

/** Coins held in wallets at the end of each day, purchased and bonus stacked. */
export function CirculationChart({ daily, label }: { daily: RevenueDay[]; label: string }) {
  const palette = useChartPalette(LIGHT, DARK);
  return (
    <DayChart
      kind="area"
      data={daily}
      palette={palette}
      label={label}
      heightClass="h-64"
      axisWidth={64}
      formatAxis={formatCount}
      formatValue={coins}
      series={[
        {
          key: "circulationPurchased",
          name: "Purchased",
          color: palette.purchased,
          stack: "coins",
          fill: "gradient",
        },
        { key: "circulationBonus", name: "Bonus", color: palette.bonus, stack: "coins", fill: "gradient" },
      ]}
    />
  );
}

/** Coins moving each day: sold (purchased and bonus), spent on unlocks, and bonus expired. */
export function CoinFlowChart({ daily, label }: { daily: RevenueDay[]; label: string }) {
  const palette = useChartPalette(LIGHT, DARK);
  const data = daily.map((day) => ({
    day: day.day,
    sold: day.coinsSold + day.bonusCoinsSold,
    spent: day.coinsSpent - day.coinsReturned,
    expired: day.bonusExpired,
  }));
  return (
    <DayChart
      kind="bar"
      data={data}
      palette={palette}
      label={label}
      heightClass="h-64"
      axisWidth={64}
      maxBarSize={24}
      formatAxis={formatCount}
      formatValue={coins}
      series={[
        { key: "sold", name: "Sold", color: palette.purchased },
        { key: "spent", name: "Spent on unlocks", color: palette.spent },
        { key: "expired", name: "Bonus expired", color: palette.expired },
      ]}
    />
  );
}
