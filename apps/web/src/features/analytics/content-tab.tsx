// The Content tab: the titles that gained the most readers in the period, each figure beside the
// period before, and for a chosen title where its readers stop, episode by episode.
import type { Compared, TitlePerformance } from "@litverse/shared/analytics";
import type { Range } from "@litverse/shared/day-range";
import { BookOpen } from "lucide-react";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { formatCount } from "../../lib/format.ts";
import { csvFileName, titlesCsv } from "./analytics-csv.ts";
import { DeltaText, ExportCsvButton, SectionCard } from "./analytics-parts.tsx";
import { compareDelta, contentTypeLabel, formatPercent } from "./analytics-values.ts";
import { DropOffCard } from "./drop-off-card.tsx";

/** A figure with its change against the period before under it. */
function ComparedCell({ figure }: { figure: Compared }) {
  return (
    <TD className="text-right align-top">
      <span className="block font-medium tabular-nums">{formatCount(figure.value)}</span>
      <DeltaText delta={compareDelta(figure)} quietWhenNone className="block text-xs" />
    </TD>
  );
}

function TitlesTable({
  titles,
  chosenId,
  onChoose,
}: {
  titles: TitlePerformance[];
  chosenId: string | null;
  onChoose: (contentId: string) => void;
}) {
  return (
    <Table caption="Titles by new readers">
      <THead>
        <tr>
          <TH>Title</TH>
          <TH>Type</TH>
          <TH className="text-right">New readers</TH>
          <TH className="text-right">Completions</TH>
          <TH className="text-right">Completion</TH>
          <TH className="text-right">Coins earned</TH>
        </tr>
      </THead>
      <TBody>
        {titles.map((title) => (
          <TR
            key={title.contentId}
            data-testid="title-row"
            data-selected={title.contentId === chosenId}
            className="cursor-pointer"
            onClick={(event) => {
              if (!(event.target as HTMLElement).closest("button")) onChoose(title.contentId);
            }}
          >
            <TD wrap className="align-top">
              <button
                type="button"
                aria-pressed={title.contentId === chosenId}
                onClick={() => onChoose(title.contentId)}
                className="text-left font-semibold break-words hover:text-brand-700 hover:underline dark:hover:text-brand-100"
              >
                {title.title}
              </button>
            </TD>
            <TD className="align-top text-muted-foreground">{contentTypeLabel(title.contentType)}</TD>
            <ComparedCell figure={title.newReaders} />
            <ComparedCell figure={title.completions} />
            <TD className="text-right align-top font-medium tabular-nums">
              {formatPercent(title.completionPercent)}
            </TD>
            <ComparedCell figure={title.coinsEarned} />
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

export function ContentTab({
  titles,
  range,
  rangeText,
  chosenId,
  onChoose,
}: {
  titles: TitlePerformance[];
  range: Range;
  rangeText: string;
  chosenId: string | null;
  onChoose: (contentId: string | null) => void;
}) {
  if (titles.length === 0) {
    return (
      <EmptyState
        as="h3"
        icon={BookOpen}
        title="No one started a title in this period"
        text="Titles will show here by the readers they gain, with their completions, the coins they earn and where their readers stop."
      />
    );
  }
  return (
    <div className="space-y-6">
      <SectionCard
        title="Titles"
        description="The titles that gained the most new readers in this period, each figure beside the period before. Choose one to see where its readers stop."
        actions={<ExportCsvButton fileName={csvFileName("titles", range)} build={() => titlesCsv(titles)} />}
        testId="titles"
      >
        <TitlesTable titles={titles} chosenId={chosenId} onChoose={onChoose} />
      </SectionCard>
      {chosenId ? (
        <DropOffCard
          contentId={chosenId}
          range={range}
          rangeText={rangeText}
          onClose={() => onChoose(null)}
        />
      ) : null}
    </div>
  );
}
