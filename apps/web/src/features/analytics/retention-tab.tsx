// The Retention tab: of the people who signed up each week, how many came back in each week after
// (or what coins they bought and spent then), the people behind a cell, and the average curve.
import type { CohortReport } from "@litverse/shared/analytics";
import type { Range } from "@litverse/shared/day-range";
import { CalendarClock } from "lucide-react";
import { lazy, useState } from "react";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { formatCount } from "../../lib/format.ts";
import { cohortsCsv, csvFileName } from "./analytics-csv.ts";
import { ChartWithTable, ExportCsvButton, SectionCard, Segmented } from "./analytics-parts.tsx";
import {
  CELL_MEASURE_LABELS,
  CELL_MEASURES,
  type CellMeasure,
  formatPercent,
  hasCohorts,
  retentionCurve,
} from "./analytics-values.ts";
import { CohortPeopleDialog } from "./cohort-people-dialog.tsx";
import { type OpenCell, RetentionHeatMap } from "./retention-heat-map.tsx";

const RetentionCurveChart = lazy(async () => ({
  default: (await import("./analytics-charts.tsx")).RetentionCurveChart,
}));

const MEASURE_OPTIONS = CELL_MEASURES.map((measure) => ({
  value: measure,
  label: CELL_MEASURE_LABELS[measure],
}));

function RetentionCurve({ cohorts, rangeText }: { cohorts: CohortReport; rangeText: string }) {
  const curve = retentionCurve(cohorts.cohorts, cohorts.maxOffset);
  const last = curve.at(-1);
  return (
    <SectionCard
      title="Average retention"
      description="The share of a cohort active in each week after sign-up, over the cohorts that have reached that week."
      testId="retention-curve"
    >
      <ChartWithTable
        chart={
          <RetentionCurveChart
            curve={curve}
            label={`Average retention by week after sign-up, cohorts of ${rangeText}${
              last ? `: ${formatPercent(last.percent)} still active in week ${last.offset}` : ""
            }.`}
          />
        }
        table={
          <Table caption="Average retention by week after sign-up">
            <THead>
              <tr>
                <TH>Week after sign-up</TH>
                <TH className="text-right">Active</TH>
                <TH className="text-right">Cohorts counted</TH>
              </tr>
            </THead>
            <TBody>
              {curve.map((point) => (
                <TR key={point.offset}>
                  <TD>Week {point.offset}</TD>
                  <TD className="text-right tabular-nums">{formatPercent(point.percent)}</TD>
                  <TD className="text-right tabular-nums">{formatCount(point.cohorts)}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        }
      />
    </SectionCard>
  );
}

export function RetentionTab({
  cohorts,
  range,
  rangeText,
  measure,
  onMeasureChange,
}: {
  cohorts: CohortReport;
  range: Range;
  rangeText: string;
  measure: CellMeasure;
  onMeasureChange: (measure: CellMeasure) => void;
}) {
  const [openCell, setOpenCell] = useState<OpenCell | null>(null);
  if (!hasCohorts(cohorts.cohorts)) {
    return (
      <EmptyState
        as="h3"
        icon={CalendarClock}
        title="No one signed up in this period"
        text="Each week's new people will show here, with the share who came back in each of the 12 weeks after and the coins they bought and spent. Choose a longer period to see earlier sign-ups."
      />
    );
  }
  return (
    <div className="space-y-6">
      <SectionCard
        title="Retention by sign-up week"
        description={
          measure === "people"
            ? "Each row is the people who signed up in a week; each cell the share of them active that many weeks later. Choose a cell to see who."
            : `Each cell is the coins a week's sign-ups ${measure === "bought" ? "bought" : "spent"} that many weeks later, over the share of them still active. Choose a cell to see who.`
        }
        actions={
          <ExportCsvButton
            fileName={csvFileName("retention", range)}
            build={() => cohortsCsv(cohorts.cohorts)}
          />
        }
        testId="retention-heat-map"
      >
        <div className="space-y-4">
          <Segmented
            legend="Cells show"
            options={MEASURE_OPTIONS}
            value={measure}
            onChange={onMeasureChange}
          />
          <RetentionHeatMap report={cohorts} measure={measure} onOpen={setOpenCell} />
        </div>
      </SectionCard>
      <RetentionCurve cohorts={cohorts} rangeText={rangeText} />
      <CohortPeopleDialog cell={openCell} onClose={() => setOpenCell(null)} />
    </div>
  );
}
