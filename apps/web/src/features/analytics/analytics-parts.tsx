// The pieces every analytics tab is made of: a figure's change against the period before, the
// "Export CSV" button, a card holding a chart (with the same figures as a table for screen readers
// and anyone who prefers numbers) and the segmented choices.
import { Download } from "lucide-react";
import { type ReactNode, Suspense, useId } from "react";
import { Button } from "../../components/ui/button.tsx";
import { CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { cn } from "../../components/ui/cn.ts";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { downloadFile } from "../../lib/download-file.ts";
import type { Delta } from "./analytics-values.ts";

const DELTA_COLOURS: Record<Delta["direction"], string> = {
  up: "text-emerald-700 dark:text-emerald-300",
  down: "text-rose-700 dark:text-rose-300",
  same: "text-muted-foreground",
  none: "text-muted-foreground",
};

/**
 * "▲ 12%" in green, "▼ 4%" in red, neutral without a figure before (or nothing at all, with
 * `quietWhenNone`, where a column of "None before" would only be noise); spoken in words.
 */
export function DeltaText({
  delta,
  quietWhenNone = false,
  className,
}: {
  delta: Delta;
  quietWhenNone?: boolean;
  className?: string;
}) {
  if (quietWhenNone && delta.direction === "none") return null;
  return (
    <span className={cn("font-medium whitespace-nowrap", DELTA_COLOURS[delta.direction], className)}>
      <span aria-hidden>{delta.text}</span>
      <span className="sr-only">{delta.spoken}</span>
    </span>
  );
}

/** Downloads the CSV that `build` makes, when pressed. */
export function ExportCsvButton({ fileName, build }: { fileName: string; build: () => string }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => downloadFile(new Blob([build()], { type: "text/csv;charset=utf-8" }), fileName)}
    >
      <Download aria-hidden />
      Export CSV
    </Button>
  );
}

/** A section of a tab: a card named by its heading, with the actions (an export) at its right. */
export function SectionCard({
  title,
  description,
  actions,
  testId,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className="min-w-0 rounded-2xl border border-border bg-card text-foreground shadow-sm"
    >
      <CardHeader>
        <div className="min-w-0 flex-1 basis-72">
          <CardTitle id={headingId}>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </section>
  );
}

export const chartFallback = <Skeleton className="h-72 w-full" />;

/** A chart (loaded lazily), and under it the same figures as a table, folded away. */
export function ChartWithTable({ chart, table }: { chart: ReactNode; table: ReactNode }) {
  return (
    <>
      <Suspense fallback={chartFallback}>{chart}</Suspense>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
          Show as table
        </summary>
        <div className="mt-2">{table}</div>
      </details>
    </>
  );
}

/**
 * A table of figures (nothing in it to tab to) that scrolls inside a box of at most 20rem under a
 * fixed header row: the box itself takes the keyboard's focus, so that it can be scrolled without
 * a mouse. Give the table `SCROLLED_TABLE` (its container stays put, the box scrolls).
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section aria-label={label} tabIndex={0} className="max-h-80 overflow-auto rounded-xl">
      {children}
    </section>
  );
}

/** A table's props inside a ScrollBox: the box scrolls, the header row sticks to its top. */
export const SCROLLED_TABLE = {
  containerClassName: "w-max! min-w-full overflow-visible!",
  className: "[&_thead_th]:sticky [&_thead_th]:top-0 [&_thead_th]:z-10",
} as const;

/** A quiet line in place of a chart or table that has nothing to show yet. */
export function NothingYet({ children }: { children: ReactNode }) {
  return <p className="py-10 text-center text-sm text-muted-foreground">{children}</p>;
}

const segment = (isOn: boolean) =>
  cn(
    "h-8 rounded-lg px-3 text-sm font-medium whitespace-nowrap transition",
    isOn
      ? "bg-card text-foreground shadow-sm dark:bg-white/10"
      : "text-muted-foreground hover:text-foreground",
  );

/** A row of pressed-or-not buttons for one choice, in the look of the period picker. */
export function Segmented<Value extends string | number>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
      <legend className="sr-only">{legend}</legend>
      <span className="text-sm font-medium text-muted-foreground" aria-hidden>
        {legend}
      </span>
      <div className="flex w-fit max-w-full gap-1 overflow-x-auto rounded-xl bg-stone-100 p-1 dark:bg-white/5">
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={option.value === value}
            onClick={() => onChange(option.value)}
            className={segment(option.value === value)}
          >
            {option.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
