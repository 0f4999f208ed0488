// The range of days an admin dashboard shows, kept in the address (so a view can be shared and the
// back button works), and the control that picks it: a preset period or custom From and To days.
import { describeRange, PRESETS, rangeFromAddress } from "@litverse/shared/day-range";
import { type ReactNode, useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { cn } from "../ui/cn.ts";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";

/**
 * The range in the address: ?days=7|30|90, or ?days=custom&from=&to=. `update` sets or (with null or
 * "") clears parameters; a change replaces the history entry unless it touches `pushOn`, the
 * parameter that switches what the page shows, so that back returns to the previous view.
 */
export function useDayRangeParams({ pushOn }: { pushOn: string }) {
  const [params, setParams] = useSearchParams();
  const { range, isCustom, preset } = rangeFromAddress(params);
  // The router hands an updater the parameters of the last render, so two changes made before the
  // first one renders (From, then To, typed quickly) would lose the first. Each change builds on
  // the last one asked for until the address has caught up with it.
  const requested = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    if (requested.current?.toString() === params.toString()) requested.current = null;
  }, [params]);
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(requested.current ?? params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, value);
    }
    requested.current = next;
    setParams(next, { replace: !(pushOn in changes) });
  };
  return { params, range, isCustom, preset, update };
}

export type DayRangeParams = ReturnType<typeof useDayRangeParams>;

const segment = (isOn: boolean) =>
  cn(
    "h-8 rounded-lg px-3 text-sm font-medium whitespace-nowrap transition",
    isOn
      ? "bg-card text-foreground shadow-sm dark:bg-white/10"
      : "text-muted-foreground hover:text-foreground",
  );

/**
 * The period picker, custom days when asked for, and the range in words (or why it cannot be
 * asked for). `children` are the page's own filters, placed before the range's description.
 */
export function DayRangeControls({
  rangeParams,
  problem,
  rangeTestId,
  children,
}: {
  rangeParams: Pick<DayRangeParams, "range" | "isCustom" | "preset" | "update">;
  problem: string | null;
  /** A test id for the range in words. */
  rangeTestId?: string;
  children?: ReactNode;
}) {
  const { range, isCustom, preset, update } = rangeParams;
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
              className={segment(!isCustom && preset === days)}
            >
              {days} days
            </button>
          ))}
          <button
            type="button"
            aria-pressed={isCustom}
            onClick={() => update({ days: "custom", from: range.from, to: range.to })}
            className={segment(isCustom)}
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
      {children}
      <p className="text-sm text-muted-foreground sm:ml-auto sm:self-center" aria-live="polite">
        {problem ? (
          <span className="font-medium text-rose-600 dark:text-rose-400">{problem}</span>
        ) : (
          <span data-testid={rangeTestId}>{describeRange(range)}</span>
        )}
      </p>
    </div>
  );
}
