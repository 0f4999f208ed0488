// The Transparency tab: for a range of days (the last 30 by default), the reports and notices by
// category and by kind of content, the decisions by action (automated or by a moderator), how long
// a decision takes, and the appeals; the tables as one CSV file, and the period's statements of
// reasons as another.

import { rangeShapeProblem } from "@litverse/shared/day-range";
import {
  MODERATION_ACTION_LABELS,
  MODERATION_KIND_LABELS,
  REPORT_CATEGORY_LABELS,
  type TransparencyReport,
} from "@litverse/shared/moderation";
import { Download, FileText } from "lucide-react";
import type { ReactNode } from "react";
import { DayRangeControls, useDayRangeParams } from "../../components/day-range/day-range-controls.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { cn } from "../../components/ui/cn.ts";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Stat } from "../../components/ui/stat.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { downloadFile } from "../../lib/download-file.ts";
import { reportFileName, transparencyCsv } from "./moderation-csv.ts";
import { formatHours } from "./moderation-values.ts";
import { useExportStatements, useTransparencyReport } from "./use-transparency.ts";

export function TransparencyTab() {
  const rangeParams = useDayRangeParams({ pushOn: "tab" });
  const { range } = rangeParams;
  const problem = rangeShapeProblem(range);
  const report = useTransparencyReport(range, !problem);
  const statements = useExportStatements();
  const data = report.data;

  return (
    <div className="space-y-6">
      <DayRangeControls rangeParams={rangeParams} problem={problem} rangeTestId="transparency-range" />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={!data || Boolean(problem)}
          onClick={() =>
            data &&
            downloadFile(
              new Blob([transparencyCsv(data)], { type: "text/csv;charset=utf-8" }),
              reportFileName(data.from, data.to),
            )
          }
        >
          <Download aria-hidden />
          Download CSV
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={Boolean(problem)}
          isLoading={statements.isExporting}
          onClick={() => void statements.exportCsv(range)}
        >
          <FileText aria-hidden />
          Export statements of reasons
        </Button>
      </div>
      {report.isError && !data ? (
        <ErrorState
          title="Could not load the transparency report"
          error={report.error}
          onRetry={() => void report.refetch()}
          isRetrying={report.isFetching}
        />
      ) : !data ? (
        <div role="status" aria-label="Loading the transparency report" className="space-y-4">
          <Skeleton className="h-28 w-full rounded-2xl" />
          <Skeleton className="h-64 w-full rounded-2xl" />
        </div>
      ) : (
        <div className={cn("space-y-6 transition-opacity", report.isPlaceholderData && "opacity-60")}>
          <ReportFigures report={data} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <TableCard title="Reports and notices by category">
              <Table caption="Reports and notices by category">
                <CountsHead first="Category" />
                <TBody>
                  {data.reportsByCategory.map((row) => (
                    <CountsRow
                      key={row.category}
                      name={REPORT_CATEGORY_LABELS[row.category]}
                      counts={[row.reports, row.notices]}
                    />
                  ))}
                </TBody>
              </Table>
            </TableCard>
            <TableCard title="Reports and notices by kind of content">
              <Table caption="Reports and notices by kind of content">
                <CountsHead first="Kind" />
                <TBody>
                  {data.reportsByKind.map((row) => (
                    <CountsRow
                      key={row.kind}
                      name={MODERATION_KIND_LABELS[row.kind]}
                      counts={[row.reports, row.notices]}
                    />
                  ))}
                </TBody>
              </Table>
            </TableCard>
            <TableCard title="Decisions by action">
              <Table caption="Decisions by action">
                <THead>
                  <TR>
                    <TH>Action</TH>
                    <TH className="text-right">Automated</TH>
                    <TH className="text-right">By a moderator</TH>
                  </TR>
                </THead>
                <TBody>
                  {data.decisionsByAction.map((row) => (
                    <CountsRow
                      key={row.action}
                      name={MODERATION_ACTION_LABELS[row.action]}
                      counts={[row.automated, row.human]}
                    />
                  ))}
                </TBody>
              </Table>
            </TableCard>
            <TableCard title="Appeals">
              <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                {(
                  [
                    ["Received", data.appeals.received],
                    ["Upheld", data.appeals.upheld],
                    ["Rejected", data.appeals.rejected],
                    ["Pending", data.appeals.pending],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="rounded-xl bg-muted px-3 py-2">
                    <dt className="text-xs text-muted-foreground">{label}</dt>
                    <dd className="text-lg font-semibold tabular-nums">{value}</dd>
                  </div>
                ))}
              </dl>
            </TableCard>
          </div>
        </div>
      )}
    </div>
  );
}

function ReportFigures({ report }: { report: TransparencyReport }) {
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat label="Reports" value={sum(report.reportsByCategory.map((row) => row.reports))} />
      <Stat label="Notices" value={sum(report.reportsByCategory.map((row) => row.notices))} />
      <Stat label="Decisions" value={sum(report.decisionsByAction.map((row) => row.automated + row.human))} />
      <Stat
        label="Median time to decision"
        value={formatHours(report.medianHoursToDecision)}
        hint="From an item's first report to its first decision"
      />
    </div>
  );
}

function TableCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function CountsHead({ first }: { first: string }) {
  return (
    <THead>
      <TR>
        <TH>{first}</TH>
        <TH className="text-right">Reports</TH>
        <TH className="text-right">Notices</TH>
      </TR>
    </THead>
  );
}

function CountsRow({ name, counts }: { name: string; counts: [number, number] }) {
  return (
    <TR>
      <TH>{name}</TH>
      <TD className="text-right tabular-nums">{counts[0]}</TD>
      <TD className="text-right tabular-nums">{counts[1]}</TD>
    </TR>
  );
}
