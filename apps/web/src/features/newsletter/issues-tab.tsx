// The newsletter's issues, newest first (kept live: status and progress change as they send), each
// opening in the composer; above them, how many people can receive it and the team's time zone.
import type { NewsletterOverview } from "@litverse/shared/mail";
import { Mail, Plus, Users } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Stat } from "../../components/ui/stat.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { issueTimeLine, STATUS_BADGES, sentLine } from "./issue-status.ts";
import { TeamTimeZone } from "./team-time-zone.tsx";

export function NewIssueButton() {
  return (
    <Button asChild>
      <Link to="?issue=new">
        <Plus aria-hidden />
        New issue
      </Link>
    </Button>
  );
}

export function IssuesTab({ overview, canManage }: { overview: NewsletterOverview; canManage: boolean }) {
  const { issues, settings } = overview;
  return (
    <div className="space-y-6">
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <Stat
          label="Subscribers"
          value={overview.subscribers}
          icon={Users}
          hint="Confirmed the newsletter, with an address that can receive it."
        />
        <TeamTimeZone timeZone={settings.timeZone} canManage={canManage} />
      </div>
      <section aria-labelledby="issues-heading" className="min-w-0 space-y-3">
        <h2 id="issues-heading" className="text-lg font-semibold">
          Issues{issues.length ? ` (${issues.length})` : ""}
        </h2>
        {issues.length === 0 ? (
          <EmptyState
            as="h3"
            icon={Mail}
            title="No issues yet"
            text="Write the first issue: a few blocks of news, pictures, titles to read and a button, for everyone who opted in or part of them."
            action={canManage ? <NewIssueButton /> : null}
          />
        ) : (
          <Table caption="Issues, newest first">
            <THead>
              <TR>
                <TH>Subject</TH>
                <TH>Status</TH>
                <TH>Audience</TH>
                <TH>When</TH>
                <TH className="text-right">Sent</TH>
              </TR>
            </THead>
            <TBody>
              {issues.map((issue) => {
                const badge = STATUS_BADGES[issue.status];
                return (
                  <TR key={issue._id} data-testid="issue-row">
                    <TH wrap>
                      <Link to={`?issue=${issue._id}`} className="font-medium hover:underline">
                        {issue.subject}
                      </Link>
                    </TH>
                    <TD>
                      <Badge variant={badge.variant}>{badge.label}</Badge>
                    </TD>
                    <TD wrap className="text-muted-foreground">
                      {issue.segmentLabel}
                    </TD>
                    <TD className="text-muted-foreground">{issueTimeLine(issue, settings.timeZone)}</TD>
                    <TD className="text-right text-muted-foreground tabular-nums">
                      {sentLine(issue) ?? "–"}
                    </TD>
                  </TR>
                );
              })}
            </TBody>
          </Table>
        )}
      </section>
    </div>
  );
}
