// Where a title's readers stop: the people who first opened each of its episodes in the period, as
// bars, with the same figures as a table and as CSV.
import type { TitleDropOff } from "@litverse/shared/analytics";
import type { Range } from "@litverse/shared/day-range";
import { X } from "lucide-react";
import { lazy, useEffect, useRef } from "react";
import { Button } from "../../components/ui/button.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { formatCount } from "../../lib/format.ts";
import { csvFileName, dropOffCsv } from "./analytics-csv.ts";
import {
  ChartWithTable,
  ExportCsvButton,
  NothingYet,
  SCROLLED_TABLE,
  ScrollBox,
  SectionCard,
} from "./analytics-parts.tsx";
import { formatPercent, percentOf } from "./analytics-values.ts";
import { useTitleDropOff } from "./use-analytics.ts";

const DropOffChart = lazy(async () => ({ default: (await import("./analytics-charts.tsx")).DropOffChart }));

function DropOffTable({ dropOff }: { dropOff: TitleDropOff }) {
  const first = dropOff.episodes[0]?.newReaders ?? 0;
  return (
    <ScrollBox label={`New readers per episode of ${dropOff.title}`}>
      <Table caption={`New readers per episode of ${dropOff.title}`} {...SCROLLED_TABLE}>
        <THead>
          <tr>
            <TH className="w-8">#</TH>
            <TH>Episode</TH>
            <TH className="text-right">New readers</TH>
            <TH className="text-right">Of episode 1</TH>
          </tr>
        </THead>
        <TBody>
          {dropOff.episodes.map((episode) => (
            <TR key={episode.episodeId}>
              <TD className="text-muted-foreground tabular-nums">{episode.number}</TD>
              <TD wrap>{episode.title}</TD>
              <TD className="text-right tabular-nums">{formatCount(episode.newReaders)}</TD>
              <TD className="text-right tabular-nums">
                {formatPercent(percentOf(episode.newReaders, first))}
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
    </ScrollBox>
  );
}

function DropOffBody({ dropOff, rangeText }: { dropOff: TitleDropOff; rangeText: string }) {
  if (dropOff.episodes.length === 0) return <NothingYet>This title has no episodes yet.</NothingYet>;
  if (!dropOff.episodes.some((episode) => episode.newReaders > 0)) {
    return (
      <NothingYet>
        No one opened an episode of it in this period. Its readers per episode will show here.
      </NothingYet>
    );
  }
  const first = dropOff.episodes[0]?.newReaders ?? 0;
  const last = dropOff.episodes.at(-1);
  return (
    <ChartWithTable
      chart={
        <DropOffChart
          dropOff={dropOff}
          label={`New readers per episode of ${dropOff.title}, ${rangeText}: ${formatCount(first)} opened episode 1${
            last && dropOff.episodes.length > 1
              ? `, ${formatCount(last.newReaders)} episode ${last.number}`
              : ""
          }.`}
        />
      }
      table={<DropOffTable dropOff={dropOff} />}
    />
  );
}

export function DropOffCard({
  contentId,
  range,
  rangeText,
  onClose,
}: {
  contentId: string;
  range: Range;
  rangeText: string;
  onClose: () => void;
}) {
  const query = useTitleDropOff(contentId, range);
  const dropOff = query.data?.contentId === contentId ? query.data : undefined;
  const box = useRef<HTMLDivElement>(null);
  // Brought into view when a title is chosen, under the table it was chosen from.
  useEffect(() => {
    if (contentId) box.current?.scrollIntoView({ block: "nearest" });
  }, [contentId]);

  return (
    <div ref={box}>
      <SectionCard
        title={dropOff ? `Where readers of ${dropOff.title} stop` : "Where readers stop"}
        description="New readers of each episode in this period: a drop between two episodes is where readers left."
        actions={
          <>
            {dropOff ? (
              <ExportCsvButton
                fileName={csvFileName("title-episodes", range)}
                build={() => dropOffCsv(dropOff)}
              />
            ) : null}
            <Button variant="ghost" size="sm" onClick={onClose}>
              <X aria-hidden />
              Close
            </Button>
          </>
        }
        testId="drop-off"
      >
        {query.isError && !dropOff ? (
          <ErrorState
            title="Could not load this title's episodes"
            error={query.error}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
            className="border-0"
          />
        ) : !dropOff ? (
          <div role="status" aria-label="Loading episodes">
            <Skeleton className="h-64 w-full" />
          </div>
        ) : (
          <DropOffBody dropOff={dropOff} rangeText={rangeText} />
        )}
      </SectionCard>
    </div>
  );
}
