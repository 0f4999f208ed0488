// "Your reports": what one reported, why and when, and what became of it, newest first.
import { MODERATION_KIND_LABELS, type MyReport, REPORT_CATEGORY_LABELS } from "@litverse/shared/moderation";
import { Flag } from "lucide-react";
import { Link } from "react-router";
import { PagedListStates } from "../../components/paged-list/list-parts.tsx";
import { Badge, type BadgeVariant } from "../../components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { useMyReports } from "./use-my-safety.ts";

const STATUS: Record<MyReport["status"], { label: string; variant: BadgeVariant }> = {
  open: { label: "Being looked at", variant: "brand" },
  upheld: { label: "Action taken", variant: "success" },
  dismissed: { label: "No action", variant: "neutral" },
};

export function MyReports() {
  const { first, list } = useMyReports();
  return (
    <section aria-labelledby="my-reports">
      <Card>
        <CardHeader>
          <div>
            <CardTitle id="my-reports">Your reports</CardTitle>
            <CardDescription>Nobody is told who sent a report.</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <PagedListStates
            first={first}
            list={list}
            what="reports"
            empty={
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Flag className="size-4" aria-hidden />
                You have not reported anything. Use “Report” in an item's “…” menu when something is wrong.
              </p>
            }
          >
            <ul className="divide-y divide-[var(--border)]" aria-label="Your reports">
              {list.items.map((report) => (
                <li key={report.id} className="space-y-1 py-3 text-sm first:pt-0" data-testid="my-report">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <Badge variant={STATUS[report.status].variant}>{STATUS[report.status].label}</Badge>
                    <span className="text-xs text-muted-foreground">
                      {MODERATION_KIND_LABELS[report.target.kind]}
                    </span>
                  </p>
                  <p className="font-medium break-words">
                    {report.target.link ? (
                      <Link to={report.target.link} className="hover:underline">
                        {report.target.label}
                      </Link>
                    ) : (
                      report.target.label
                    )}
                  </p>
                  <p className="text-muted-foreground">
                    {REPORT_CATEGORY_LABELS[report.category]} · {formatDateTime(report.createdAt)}
                  </p>
                  {report.details ? <p className="break-words">“{report.details}”</p> : null}
                  {report.outcome ? <p className="text-foreground">Outcome: {report.outcome}</p> : null}
                </li>
              ))}
            </ul>
          </PagedListStates>
        </CardContent>
      </Card>
    </section>
  );
}
