// The revenue page's charts (recharts), loaded lazily so the chart library stays out of every other
// page's download. Same look as the content metrics charts; colours follow the light or dark theme.
import { formatPrice } from "@litverse/shared/payments";
import type { RevenueDay } from "@litverse/shared/revenue";
import { useTheme } from "next-themes";
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
import { formatCount } from "../../lib/format.ts";
import { amountIn } from "./revenue-values.ts";

interface Palette {
  purchases: string;
  subscriptions: string;
  refunds: string;
  purchased: string;
  bonus: string;
  spent: string;
  expired: string;
  grid: string;
  text: string;
  card: string;
  border: string;
}

const LIGHT: Palette = {
  purchases: "#4f46e5",
  subscriptions: "#c026d3",
  refunds: "#e11d48",
  purchased: "#d97706",
  bonus: "#059669",
  spent: "#4f46e5",
  expired: "#a8a29e",
  grid: "#e7e5e4",
  text: "#57534e",
  card: "#ffffff",
  border: "#e7e5e4",
};
const DARK: Palette = {
  purchases: "#818cf8",
  subscriptions: "#e879f9",
  refunds: "#fb7185",
  purchased: "#fbbf24",
  bonus: "#34d399",
  spent: "#818cf8",
  expired: "#78716c",
  grid: "#2a2738",
  text: "#a8a29e",
  card: "#15131f",
  border: "#2a2738",
};

function usePalette(): Palette {
  return useTheme().resolvedTheme === "dark" ? DARK : LIGHT;
}

const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const longDay = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const dayLabel = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));
const dayTitle = (day: unknown) =>
  typeof day === "string" ? longDay.format(new Date(`${day}T00:00:00Z`)) : "";

function tooltipStyle(palette: Palette) {
  return {
    contentStyle: {
      background: palette.card,
      border: `1px solid ${palette.border}`,
      borderRadius: 12,
      fontSize: 13,
      color: palette.text,
    },
    labelStyle: { color: palette.text, fontWeight: 600, marginBottom: 4 },
    cursor: { fill: palette.grid, opacity: 0.5 },
  };
}

function axes(palette: Palette, format: (value: number) => string) {
  return (
    <>
      <CartesianGrid stroke={palette.grid} vertical={false} />
      <XAxis
        dataKey="day"
        tickFormatter={dayLabel}
        tick={{ fill: palette.text, fontSize: 12 }}
        axisLine={{ stroke: palette.grid }}
        tickLine={false}
        minTickGap={24}
      />
      <YAxis
        allowDecimals={false}
        tickFormatter={format}
        tick={{ fill: palette.text, fontSize: 12 }}
        axisLine={false}
        tickLine={false}
        width={64}
      />
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
  const palette = usePalette();
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
            {...tooltipStyle(palette)}
            labelFormatter={dayTitle}
            formatter={(value) => money(Number(value))}
          />
          <Legend itemSorter={null} wrapperStyle={{ fontSize: 13, color: palette.text }} />
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
  const palette = usePalette();
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
            {...tooltipStyle(palette)}
            cursor={{ stroke: palette.grid }}
            labelFormatter={dayTitle}
            formatter={(value) => `${formatCount(Number(value))} coins`}
          />
          <Legend itemSorter={null} wrapperStyle={{ fontSize: 13, color: palette.text }} />
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
  const palette = usePalette();
  const data = daily.map((day) => ({
    day: day.day,
    sold: day.coinsSold + day.bonusCoinsSold,
    spent: day.coinsSpent - day.coinsReturned,
    expired: day.bonusExpired,
  }));
  return (
    <div role="img" aria-label={label} className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
          {axes(palette, formatCount)}
          <Tooltip
            {...tooltipStyle(palette)}
            labelFormatter={dayTitle}
            formatter={(value) => `${formatCount(Number(value))} coins`}
          />
          <Legend itemSorter={null} wrapperStyle={{ fontSize: 13, color: palette.text }} />
          <Bar
            dataKey="sold"
            name="Sold"
            fill={palette.purchased}
            radius={[4, 4, 0, 0]}
            maxBarSize={24}
            isAnimationActive={false}
          />
          <Bar
            dataKey="spent"
            name="Spent on unlocks"
            fill={palette.spent}
            radius={[4, 4, 0, 0]}
            maxBarSize={24}
            isAnimationActive={false}
          />
          <Bar
            dataKey="expired"
            name="Bonus expired"
            fill={palette.expired}
            radius={[4, 4, 0, 0]}
            maxBarSize={24}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
