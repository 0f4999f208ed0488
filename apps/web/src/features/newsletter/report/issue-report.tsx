// What became of an issue once it went out, kept live while it sends: messages handed over,
// delivered, bounced and failed, opened (an estimate), clicked, unsubscribes, and each link's
// clicks.
import type { NewsletterReport } from "@litverse/shared/mail";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table.tsx";
import { useIssueReport } from "../use-newsletter.ts";

/** "42%" of `of`; nothing when there is nothing to divide by. */
function share(part: number, of: number): string | undefined {
  if (of <= 0) return undefined;
  return `${Math.round((part / of) * 100)}% of delivered`;
}

export function IssueReport({ issueId }: { issueId: string }) {
  const report = useIssueReport(issueId);
  return (
    <section aria-labelledby="report-heading" className="space-y-3">
      <h2 id="report-heading" className="text-base font-semibold">
        Report
      </h2>
      {report.isError && !report.data ? (
        <ErrorState
          title="Could not load the report"
          error={report.error}
          onRetry={() => void report.refetch()}
          isRetrying={report.isFetching}
        />
      ) : !report.data ? (
        <div role="status" aria-label="Loading the report" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className="h-28 w-full rounded-2xl" />
          ))}
        </div>
      ) : (
        <ReportFigures report={report.data} />
      )}
    </section>
  );
}

function ReportFigures({ report }: { report: NewsletterReport }) {
  return (
    <div className="space-y-4" data-testid="issue-report">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Recipients" value={report.recipients} hint="People it was queued for." />
        <Figure label="Sent" value={report.sent} hint="Handed to the mail server." />
        <Figure label="Delivered" value={report.delivered} hint="Sent and not bounced since." />
        <Figure label="Bounced" value={report.bounced} />
        <Figure label="Failed" value={report.failed} hint="The mail server refused them." />
        <Figure
          label="Opened (estimate)"
          value={report.opened}
          hint={`${share(report.opened, report.delivered) ?? "None delivered yet"}. Mail clients that load pictures open every message.`}
        />
        <Figure label="Clicked" value={report.clicked} hint={share(report.clicked, report.delivered)} />
        <Figure label="Unsubscribed" value={report.unsubscribed} />
      </dl>
      <Table caption="Clicks by link">
        <THead>
          <TR>
            <TH>Link</TH>
            <TH className="text-right">Clicks</TH>
            <TH className="text-right">People</TH>
          </TR>
        </THead>
        <TBody>
          {report.links.length === 0 ? (
            <TR>
              <TD colSpan={3} className="text-muted-foreground">
                No links, or no clicks yet.
              </TD>
            </TR>
          ) : (
            report.links.map((link) => (
              <TR key={link.url}>
                <TD wrap className="break-all">
                  {link.url}
                </TD>
                <TD className="text-right tabular-nums">{link.clicks.toLocaleString("en-US")}</TD>
                <TD className="text-right tabular-nums">{link.people.toLocaleString("en-US")}</TD>
              </TR>
            ))
          )}
        </TBody>
      </Table>
    </div>
  );
}

/** One figure, in a card: its label the term, its value (and what it means) the description. */
function Figure({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <div className="rounded-2xl border border-border bg-card p-4 shadow-sm" data-testid="report-figure">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tracking-tight tabular-nums">{value.toLocaleString("en-US")}</dd>
      {hint ? <dd className="mt-1 text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}
