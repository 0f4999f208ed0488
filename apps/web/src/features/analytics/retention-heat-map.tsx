// The retention heat map: a row per sign-up week, a column per week after sign-up, each cell the
// share of the cohort active that week (or, switched, the coins the cohort bought or spent that
// week, beside the share still active), coloured by its size. A cell with people in it opens them.
import type { CohortReport, CohortRow } from "@litverse/shared/analytics";
import { cn } from "../../components/ui/cn.ts";
import { Table, TBody, TD, TH, THead } from "../../components/ui/table.tsx";
import { formatCount } from "../../lib/format.ts";
import {
  type CellMeasure,
  coinsOf,
  formatPercent,
  HEAT_CLASSES,
  heatClass,
  maxCoins,
  percentOf,
  weekLabel,
} from "./analytics-values.ts";
import type { CohortCell } from "./use-analytics.ts";

/** A cell opened for its people, with what the dialog says about it. */
export interface OpenCell extends CohortCell {
  offset: number;
  active: number;
  signedUp: number;
}

type CohortWeek = CohortRow["weeks"][number];

const coins = (value: number) => `${formatCount(value)} ${value === 1 ? "coin" : "coins"}`;

/** What a cell says in full: its title on hover, and its name for a screen reader. */
function cellWords(cohort: CohortRow, week: CohortWeek, measure: CellMeasure): string {
  const share = formatPercent(percentOf(week.active, cohort.signedUp));
  const people = `${formatCount(week.active)} of ${formatCount(cohort.signedUp)} active (${share})`;
  const when = `week ${week.offset} (week of ${weekLabel(week.week)})`;
  const money =
    measure === "people"
      ? ""
      : `: ${coins(coinsOf(week, measure))} ${measure === "bought" ? "bought" : "spent"}`;
  return `Signed up in the week of ${weekLabel(cohort.cohortWeek)}, ${when}${money}, ${people}`;
}

function HeatCell({
  cohort,
  week,
  measure,
  coinScale,
  onOpen,
}: {
  cohort: CohortRow;
  week: CohortWeek;
  measure: CellMeasure;
  coinScale: number;
  onOpen: (cell: OpenCell) => void;
}) {
  const percent = percentOf(week.active, cohort.signedUp);
  const colour =
    measure === "people" ? heatClass(percent ?? 0, 100) : heatClass(coinsOf(week, measure), coinScale);
  const words = cellWords(cohort, week, measure);
  const content =
    measure === "people" ? (
      <span className="font-medium tabular-nums">{formatPercent(percent)}</span>
    ) : (
      <span className="flex flex-col items-center leading-tight">
        <span className="font-medium tabular-nums">{formatCount(coinsOf(week, measure))}</span>
        {week.active > 0 ? <span className="text-[11px] tabular-nums">{formatPercent(percent)}</span> : null}
      </span>
    );
  const box = "flex h-11 w-full min-w-12 items-center justify-center rounded-md px-1 text-xs";
  return (
    <td className="p-0.5" data-testid="retention-cell" data-offset={week.offset}>
      {week.active > 0 ? (
        <button
          type="button"
          title={words}
          onClick={() =>
            onOpen({
              cohortWeek: cohort.cohortWeek,
              week: week.week,
              offset: week.offset,
              active: week.active,
              signedUp: cohort.signedUp,
            })
          }
          className={cn(box, colour, "transition hover:ring-2 hover:ring-brand-500 hover:ring-inset")}
        >
          {content}
          <span className="sr-only">: {words}. Show who</span>
        </button>
      ) : (
        <span title={words} className={cn(box, colour)}>
          {content}
        </span>
      )}
    </td>
  );
}

/** From "none" to "most": the scale's colours, named for a screen reader by its words. */
function HeatLegend({ measure }: { measure: CellMeasure }) {
  return (
    <div className="flex items-center gap-2 text-xs text-muted-foreground">
      <span>{measure === "people" ? "0%" : "None"}</span>
      <span className="flex gap-0.5" aria-hidden>
        {HEAT_CLASSES.map((classes) => (
          <span key={classes} className={cn("size-4 rounded-sm border border-border", classes)} />
        ))}
      </span>
      <span>{measure === "people" ? "100% of the cohort" : "the most coins of any cell"}</span>
    </div>
  );
}

export function RetentionHeatMap({
  report,
  measure,
  onOpen,
}: {
  report: CohortReport;
  measure: CellMeasure;
  onOpen: (cell: OpenCell) => void;
}) {
  const offsets = Array.from({ length: report.maxOffset + 1 }, (_, offset) => offset);
  const coinScale = maxCoins(report.cohorts, measure);
  return (
    <div className="space-y-3">
      <Table caption="Retention by sign-up week">
        <THead>
          <tr>
            <TH rowSpan={2} className="sticky left-0 z-10">
              Sign-up week
            </TH>
            <TH rowSpan={2} className="text-right">
              People
            </TH>
            <TH colSpan={offsets.length} className="h-8! text-center!">
              Weeks after sign-up
            </TH>
          </tr>
          <tr>
            {offsets.map((offset) => (
              <TH key={offset} className="h-8! px-0.5! text-center!">
                <span className="sr-only">Week </span>
                {offset}
              </TH>
            ))}
          </tr>
        </THead>
        <TBody>
          {report.cohorts.map((cohort) => (
            <tr key={cohort.cohortWeek} data-testid="cohort-row">
              <TH className="sticky left-0 z-10 bg-card">{weekLabel(cohort.cohortWeek)}</TH>
              <TD className="text-right tabular-nums">{formatCount(cohort.signedUp)}</TD>
              {offsets.map((offset) => {
                const week = cohort.weeks.find((item) => item.offset === offset);
                return week && cohort.signedUp > 0 ? (
                  <HeatCell
                    key={offset}
                    cohort={cohort}
                    week={week}
                    measure={measure}
                    coinScale={coinScale}
                    onOpen={onOpen}
                  />
                ) : (
                  <td key={offset} className="p-0.5">
                    <span className="sr-only">{week ? "No sign-ups" : "Not reached yet"}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </TBody>
      </Table>
      <HeatLegend measure={measure} />
    </div>
  );
}
