// The Funnels tab: of the people who took a first step in the period, how many took each next step
// within the window after the one before, as bars, with the shares and the period before beside.
import { FUNNEL_WINDOWS, type Funnel, type FunnelWindow } from "@litverse/shared/analytics";
import type { Range } from "@litverse/shared/day-range";
import { formatCount } from "../../lib/format.ts";
import { csvFileName, funnelsCsv } from "./analytics-csv.ts";
import { DeltaText, ExportCsvButton, NothingYet, SectionCard, Segmented } from "./analytics-parts.tsx";
import { type FunnelStepFigures, formatPercent, funnelFigures } from "./analytics-values.ts";

const WINDOW_OPTIONS = FUNNEL_WINDOWS.map((days) => ({
  value: days as FunnelWindow,
  label: days === 1 ? "1 day" : `${days} days`,
}));

function FunnelStep({ step, index }: { step: FunnelStepFigures; index: number }) {
  const width = Math.max(0, Math.min(100, step.ofFirst ?? 0));
  return (
    <li className="space-y-1.5" data-testid="funnel-step">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <span className="font-medium">
          <span className="text-muted-foreground tabular-nums">{index + 1}.</span> {step.label}
        </span>
        <span className="text-sm tabular-nums">
          <span className="font-semibold">{formatCount(step.people)}</span>
          <span className="text-muted-foreground">
            {" "}
            {step.people === 1 ? "person" : "people"} · {formatPercent(step.ofFirst)} of the first step
          </span>
        </span>
      </div>
      <div className="h-3 w-full overflow-hidden rounded-full bg-stone-100 dark:bg-white/5" aria-hidden>
        <div className="h-full rounded-full bg-brand-500 dark:bg-brand-400" style={{ width: `${width}%` }} />
      </div>
      <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
        {index > 0 ? <span>{formatPercent(step.ofPrevious)} of the step before</span> : null}
        <span>
          Previous period: <span className="tabular-nums">{formatCount(step.previous)}</span>{" "}
          <DeltaText delta={step.delta} quietWhenNone />
        </span>
      </p>
    </li>
  );
}

function FunnelCard({ funnel }: { funnel: Funnel }) {
  const steps = funnelFigures(funnel);
  const started = (steps[0]?.people ?? 0) > 0;
  return (
    <SectionCard title={funnel.title} description={funnel.startsWith} testId={`funnel-${funnel.key}`}>
      {started ? (
        <ol className="space-y-5">
          {steps.map((step, index) => (
            <FunnelStep key={step.label} step={step} index={index} />
          ))}
        </ol>
      ) : (
        <NothingYet>
          {`No one took the first step in this period. How many go from “${steps[0]?.label ?? ""}” to “${steps.at(-1)?.label ?? ""}” will show here.`}
        </NothingYet>
      )}
    </SectionCard>
  );
}

export function FunnelsTab({
  funnels,
  windowDays,
  onWindowChange,
  range,
}: {
  funnels: Funnel[];
  windowDays: FunnelWindow;
  onWindowChange: (days: FunnelWindow) => void;
  range: Range;
}) {
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Segmented
          legend="Each step counts within"
          options={WINDOW_OPTIONS}
          value={windowDays}
          onChange={onWindowChange}
        />
        <div className="shrink-0">
          <ExportCsvButton
            fileName={csvFileName("funnels", range)}
            build={() => funnelsCsv(funnels, windowDays)}
          />
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        A step counts when it came within {windowDays === 1 ? "a day" : `${windowDays} days`} of the step
        before. The previous period is counted the same way.
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        {funnels.map((funnel) => (
          <FunnelCard key={funnel.key} funnel={funnel} />
        ))}
      </div>
    </div>
  );
}
