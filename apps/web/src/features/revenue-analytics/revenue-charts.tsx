// The revenue page's charts (recharts), loaded lazily so the chart library stays out of every other
// page's download. The look (chrome, days, tooltip, axes) is chart-theme.ts, shared with the content
// metrics charts; colours follow the light or dark theme.
import { formatPrice } from "@litverse/shared/payments";
import type { RevenueDay } from "@litverse/shared/revenue";
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import {
  type ChartChrome,
  DARK_CHROME,
  dayLabel,
  dayTitle,
  gridStyle,
  LIGHT_CHROME,
  legendStyle,
  tooltipStyle,
  useChartPalette,
  xAxisStyle,
  yAxisStyle,
} from "../../components/charts/chart-theme.ts";
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

/** The grid and both axes of a chart by day; the value axis is wide enough for money. */
function axes(palette: ChartChrome, format: (value: number) => string) {
  return (
    <>
      <CartesianGrid {...gridStyle(palette)} />
      <XAxis dataKey="day" tickFormatter={dayLabel} {...xAxisStyle(palette)} minTickGap={24} />
      <YAxis allowDecimals={false} tickFormatter={format} {...yAxisStyle(palette)} width={64} />
    </>
  );
}

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
  // Whole units on the axis: "$1,200", not "$1,200.00".
  const axisMoney = (value: number) => money(value).replace(/\.00$/, "");
  return (
    <div role="img" aria-label={label} className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
          {axes(palette, axisMoney)}
          <Tooltip
            {...tooltipStyle(palette, "bar")}
            labelFormatter={dayTitle}
            formatter={(value) => money(Number(value))}
          />
          <Legend {...legendStyle(palette)} />
          <Bar
            dataKey="purchases"
            name="Coin purchases"
            stackId="in"
            fill={palette.purchases}
            maxBarSize={32}
            isAnimationActive={false}
          />
          <Bar
            dataKey="subscriptions"
            name="Subscriptions"
            stackId="in"
            fill={palette.subscriptions}
            radius={[4, 4, 0, 0]}
            maxBarSize={32}
            isAnimationActive={false}
          />
          <Bar
            dataKey="refunds"
            name="Refunds"
            fill={palette.refunds}
            radius={[4, 4, 0, 0]}
            maxBarSize={32}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Coins held in wallets at the end of each day, purchased and bonus stacked. */
export function CirculationChart({ daily, label }: { daily: RevenueDay[]; label: string }) {
  const palette = useChartPalette(LIGHT, DARK);
  const series = [
    { key: "circulationPurchased", name: "Purchased", color: palette.purchased },
    { key: "circulationBonus", name: "Bonus", color: palette.bonus },
  ] as const;
  return (
    <div role="img" aria-label={label} className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={daily} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
          <defs>
            {series.map((item) => (
              <linearGradient key={item.key} id={`fill-${item.key}`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={item.color} stopOpacity={0.35} />
                <stop offset="100%" stopColor={item.color} stopOpacity={0.05} />
              </linearGradient>
            ))}
          </defs>
          {axes(palette, formatCount)}
          <Tooltip
            {...tooltipStyle(palette, "line")}
            labelFormatter={dayTitle}
            formatter={(value) => `${formatCount(Number(value))} coins`}
          />
          <Legend {...legendStyle(palette)} />
          {series.map((item) => (
            <Area
              key={item.key}
              type="monotone"
              dataKey={item.key}
              name={item.name}
              stackId="coins"
              stroke={item.color}
              strokeWidth={2}
              fill={`url(#fill-${item.key})`}
              dot={false}
              activeDot={{ r: 4 }}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    </div>
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
  const series = [
    { key: "sold", name: "Sold", color: palette.purchased },
    { key: "spent", name: "Spent on unlocks", color: palette.spent },
    { key: "expired", name: "Bonus expired", color: palette.expired },
  ] as const;
  return (
    <div role="img" aria-label={label} className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
          {axes(palette, formatCount)}
          <Tooltip
            {...tooltipStyle(palette, "bar")}
            labelFormatter={dayTitle}
            formatter={(value) => `${formatCount(Number(value))} coins`}
          />
          <Legend {...legendStyle(palette)} />
          {series.map((item) => (
            <Bar
              key={item.key}
              dataKey={item.key}
              name={item.name}
              fill={item.color}
              radius={[4, 4, 0, 0]}
              maxBarSize={24}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
