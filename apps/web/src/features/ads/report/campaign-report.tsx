// An ad's report, for its advertiser and for the team: what it promotes and when it runs, its
// totals (views, viewable views, clicks, the click rate, coins spent and what is held or came back),
// what readers did after clicking a title's ad, and the figures by day as bars and a table.
import { AD_PLACEMENT_LABELS, AD_PRICING_LABELS, ADS_FOLLOW_DAYS, type AdReport } from "@litverse/shared/ads";
import type { ReactNode } from "react";
import { cn } from "../../../components/ui/cn.ts";
import { Stat } from "../../../components/ui/stat.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table.tsx";
import { formatCount, formatDate, formatDateTime } from "../../../lib/format.ts";
import { CampaignStatusBadge } from "./campaign-status.tsx";
import { DayBars } from "./day-bars.tsx";
import { budgetLeft, formatCoins, formatShare } from "./report-values.ts";

export function CampaignReport({
  report,
  forTeam = false,
}: {
  report: AdReport;
  /** Read by the team rather than by the advertiser: the wallet is theirs, not the reader's. */
  forTeam?: boolean;
}) {
  const { campaign, totals, days, followed } = report;
  const left = budgetLeft(campaign);
  return (
    <div className="space-y-6" data-testid="campaign-report">
      <div className="space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <CampaignStatusBadge campaign={campaign} />
          <span className="font-medium">{campaign.target.label}</span>
        </p>
        <p className="text-muted-foreground">
          {formatDateTime(campaign.startsAt)} to {formatDateTime(campaign.endsAt)} ·{" "}
          {campaign.placements.map((placement) => AD_PLACEMENT_LABELS[placement]).join(", ")}
          {campaign.pricing ? ` · ${AD_PRICING_LABELS[campaign.pricing]}` : ""}
        </p>
      </div>
      <div
        className={cn("grid grid-cols-2 gap-3", left ? "sm:grid-cols-3" : "sm:grid-cols-4")}
        data-testid="report-totals"
      >
        <Stat label="Impressions" value={totals.impressions} />
        <Stat label="Viewable" value={totals.viewable} />
        <Stat label="Clicks" value={totals.clicks} />
        <Stat label="CTR" value={formatShare(totals.ctr)} hint="Clicks per impression" />
        {left ? (
          <>
            <Stat
              label="Coins spent"
              value={formatCoins(totals.spentCoins)}
              hint={`Of a budget of ${formatCount(campaign.budgetCoins ?? 0)}`}
            />
            <Stat
              label={left.returned ? "Returned" : "Held"}
              value={formatCoins(left.coins)}
              hint={
                left.returned
                  ? `Back in ${forTeam ? "the advertiser's" : "your"} wallet`
                  : `Comes back if the ad is stopped`
              }
            />
          </>
        ) : null}
      </div>
      {followed ? (
        <section
          aria-labelledby="report-followed"
          className="rounded-2xl border border-border bg-card p-4 sm:p-5"
        >
          <h3 id="report-followed" className="font-semibold">
            What followed
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">Within {ADS_FOLLOW_DAYS} days of a click:</p>
          <dl className="mt-3 grid grid-cols-2 gap-3">
            <div>
              <dt className="text-sm text-muted-foreground">Opened the title</dt>
              <dd className="text-2xl font-bold tabular-nums">{formatCount(followed.opened)}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Episodes unlocked</dt>
              <dd className="text-2xl font-bold tabular-nums">{formatCount(followed.unlocked)}</dd>
            </div>
          </dl>
        </section>
      ) : null}
      {days.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          No figures yet: they come in once the ad has been shown.
        </p>
      ) : (
        <ReportDays report={report} />
      )}
    </div>
  );
}

function ChartCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border bg-card p-4">
      <h3 id={id} className="mb-3 font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function ReportDays({ report }: { report: AdReport }) {
  const { days, campaign } = report;
  return (
    <div className="space-y-4">
      <ChartCard id="report-views" title="Impressions and viewable">
        <DayBars
          days={days}
          series={[
            { key: "impressions", name: "Impressions", className: "bg-brand-400/45 dark:bg-brand-400/30" },
            { key: "viewable", name: "Viewable", className: "bg-brand-600 dark:bg-brand-400" },
          ]}
          label="Impressions and viewable impressions by day"
          format={formatCount}
        />
      </ChartCard>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard id="report-clicks" title="Clicks">
          <DayBars
            days={days}
            series={[{ key: "clicks", name: "Clicks", className: "bg-emerald-600 dark:bg-emerald-400" }]}
            label="Clicks by day"
            format={formatCount}
          />
        </ChartCard>
        {campaign.house ? null : (
          <ChartCard id="report-spend" title="Coins spent">
            <DayBars
              days={days}
              series={[
                { key: "spentCoins", name: "Coins spent", className: "bg-amber-500 dark:bg-amber-400" },
              ]}
              label="Coins spent by day"
              format={formatCoins}
            />
          </ChartCard>
        )}
      </div>
      <details className="rounded-2xl border border-border bg-card p-4 text-sm">
        <summary className="cursor-pointer font-medium">Figures by day</summary>
        <Table caption="The ad's figures by day" containerClassName="mt-3">
          <THead>
            <TR>
              <TH>Day</TH>
              <TH className="text-right">Impressions</TH>
              <TH className="text-right">Viewable</TH>
              <TH className="text-right">Clicks</TH>
              {campaign.house ? null : <TH className="text-right">Coins</TH>}
            </TR>
          </THead>
          <TBody>
            {days.map((day) => (
              <TR key={day.day}>
                <TD>{formatDate(`${day.day}T00:00:00Z`, "UTC")}</TD>
                <TD className="text-right tabular-nums">{formatCount(day.impressions)}</TD>
                <TD className="text-right tabular-nums">{formatCount(day.viewable)}</TD>
                <TD className="text-right tabular-nums">{formatCount(day.clicks)}</TD>
                {campaign.house ? null : (
                  <TD className="text-right tabular-nums">{formatCoins(day.spentCoins)}</TD>
                )}
              </TR>
            ))}
          </TBody>
        </Table>
      </details>
    </div>
  );
}
