// What a proposed rule would have granted over the last 7 complete days, next to the rule as it
// stands, replayed by the server over the same activity. Asked again a moment after typing stops.
import { cn } from "../../components/ui/cn.ts";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { formatCount, formatDate } from "../../lib/format.ts";
import { useSettledValue } from "../../lib/use-settled-value.ts";
import { type ProposedRule, useRulePreview } from "./use-reward-rules.ts";

const signed = (n: number) => (n > 0 ? `+${formatCount(n)}` : n < 0 ? `−${formatCount(-n)}` : "no change");

export function RulePreviewPanel({ proposed }: { proposed: ProposedRule }) {
  const settled = useSettledValue(proposed);
  const { preview, isComplete, failure } = useRulePreview(settled);
  const data = preview.data;
  return (
    <section
      className="space-y-3 rounded-xl border border-border bg-stone-50 p-3 dark:bg-white/5"
      aria-labelledby="rule-preview-heading"
      aria-busy={preview.isFetching}
      data-testid="rule-preview"
    >
      <h3 id="rule-preview-heading" className="text-sm font-semibold">
        Last week with this change
      </h3>
      {!isComplete ? (
        <p className="text-sm text-muted-foreground">Enter whole numbers to see what the change would do.</p>
      ) : failure !== null && !data ? (
        <p className="text-sm text-rose-600 dark:text-rose-400">{failure}</p>
      ) : !data ? (
        <Skeleton className="h-24" />
      ) : (
        <div className={cn("space-y-3", preview.isPlaceholderData && "opacity-60")}>
          <p className="text-sm" data-testid="rule-preview-summary">
            {formatDate(data.period.from, "UTC")} to {formatDate(data.period.to, "UTC")}:{" "}
            <strong className="tabular-nums">
              {formatCount(data.proposedTotal)} {data.unit}
            </strong>{" "}
            instead of{" "}
            <span className="tabular-nums">
              {formatCount(data.currentTotal)} {data.unit}
            </span>{" "}
            ({signed(data.difference)}), for {formatCount(data.peopleAffected)} of {formatCount(data.people)}{" "}
            {data.people === 1 ? "person" : "people"}.
            {data.cappedDays
              ? ` Days at the cap: ${formatCount(data.cappedDays.proposed)} instead of ${formatCount(data.cappedDays.current)}.`
              : ""}
          </p>
          <Table caption="Day by day">
            <THead>
              <tr>
                <TH>Day</TH>
                <TH className="text-right">Now</TH>
                <TH className="text-right">With the change</TH>
              </tr>
            </THead>
            <TBody>
              {data.days.map((day) => (
                <TR key={day.date}>
                  <TD>{formatDate(day.date, "UTC")}</TD>
                  <TD className="text-right tabular-nums">{formatCount(day.current)}</TD>
                  <TD
                    className={cn("text-right tabular-nums", day.proposed !== day.current && "font-semibold")}
                  >
                    {formatCount(day.proposed)}
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        </div>
      )}
    </section>
  );
}
