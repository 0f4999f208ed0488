// The person's activity as the team sees it: reports about them and by them, where they are
// signed in and the devices they used, and what administrators did to their account.
import { REPORT_CATEGORY_LABELS } from "@litverse/shared/moderation";
import type { PersonReport, SignInKind } from "@litverse/shared/user-management";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Badge, type BadgeVariant } from "../../components/ui/badge.tsx";
import { formatDateTime, formatRelativeDate } from "../../lib/format.ts";
import { historyLine, personPath } from "./person-values.ts";
import { NoneYet, SectionCard } from "./section-card.tsx";
import type { PersonRecordSent } from "./use-person.ts";

const REPORT_STATUS_BADGES: Record<string, BadgeVariant> = {
  open: "warning",
  upheld: "success",
  dismissed: "neutral",
};

function ReportList({ reports, side }: { reports: PersonReport[]; side: "about" | "by" }) {
  if (reports.length === 0) return <NoneYet>None.</NoneYet>;
  return (
    <ul className="divide-y divide-[var(--border)]">
      {reports.map((report) => (
        <li key={report.id} className="space-y-0.5 py-2 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{REPORT_CATEGORY_LABELS[report.category]}</span>
            <Badge variant={REPORT_STATUS_BADGES[report.status] ?? "neutral"}>{report.status}</Badge>
          </p>
          <p className="text-xs text-muted-foreground">
            A {report.targetKind.replace(/_/g, " ")} · {formatDateTime(report.createdAt)}
            {report.otherPerson ? (
              <>
                {side === "about" ? " · by " : " · about "}
                <Link
                  to={personPath(report.otherPerson.id)}
                  className="font-medium text-foreground underline underline-offset-2"
                >
                  {report.otherPerson.name ??
                    (report.otherPerson.handle ? `@${report.otherPerson.handle}` : "someone")}
                </Link>
              </>
            ) : null}
          </p>
          {report.details ? <p className="break-words text-muted-foreground">“{report.details}”</p> : null}
        </li>
      ))}
    </ul>
  );
}

export function ReportsSection({ reports }: { reports: PersonRecordSent["reports"] }) {
  return (
    <SectionCard title="Reports">
      <div className="grid gap-6 sm:grid-cols-2">
        <div className="min-w-0">
          <h3 className="mb-1 text-sm font-semibold">About them ({reports.about.length})</h3>
          <ReportList reports={reports.about} side="about" />
        </div>
        <div className="min-w-0">
          <h3 className="mb-1 text-sm font-semibold">By them ({reports.by.length})</h3>
          <ReportList reports={reports.by} side="by" />
        </div>
      </div>
    </SectionCard>
  );
}

const NO_SESSIONS: Record<SignInKind, string> = {
  litverse: "Not signed in anywhere.",
  external: "They sign in with an external provider, which keeps their sessions.",
  "demo-persona": "A demo reader never signs in.",
  deleted: "Nobody can sign in to a deleted account.",
};

function Moment({ at, fallback }: { at: string | null; fallback: string }) {
  if (!at) return <span>{fallback}</span>;
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatDateTime(at)}
    </time>
  );
}

export function SessionsSection({ record }: { record: PersonRecordSent }) {
  const { sessions, devices, signInKind } = record;
  return (
    <SectionCard title="Sessions and devices">
      <div className="grid gap-6 sm:grid-cols-2">
        <div className="min-w-0">
          <h3 className="mb-1 text-sm font-semibold">Sessions ({sessions.length})</h3>
          {sessions.length === 0 ? (
            <NoneYet>{NO_SESSIONS[signInKind]}</NoneYet>
          ) : (
            <ul className="divide-y divide-[var(--border)]">
              {sessions.map((session) => (
                <li key={session.id} className="py-2 text-sm">
                  <p>
                    <span className="text-muted-foreground">Signed in </span>
                    <Moment at={session.signedInAt} fallback="at a time not known" />
                  </p>
                  <p className="text-xs text-muted-foreground">
                    Expires <Moment at={session.expiresAt} fallback="when they sign out" />
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="min-w-0">
          <h3 className="mb-1 text-sm font-semibold">Devices ({devices.length})</h3>
          {devices.length === 0 ? (
            <NoneYet>No device seen yet.</NoneYet>
          ) : (
            <ul className="divide-y divide-[var(--border)]">
              {devices.map((device) => (
                <li key={device.id} className="py-2 text-sm">
                  <p className="font-medium break-words" title={device.userAgent}>
                    {device.label}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {device.lastAddress ?? "Address not known"} · last seen{" "}
                    <time dateTime={device.lastSeenAt} title={formatDateTime(device.lastSeenAt)}>
                      {formatRelativeDate(device.lastSeenAt)}
                    </time>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </SectionCard>
  );
}

export function HistorySection({ history }: { history: PersonRecordSent["history"] }) {
  return (
    <SectionCard title="Account history" description="What administrators did to this account, newest first.">
      {history.length === 0 ? (
        <NoneYet>Nothing yet.</NoneYet>
      ) : (
        <ol className="divide-y divide-[var(--border)]" aria-label="Account history, newest first">
          {history.map((event) => {
            const line = historyLine(event);
            return (
              <li key={line.id} className="space-y-1 py-2.5 text-sm" data-testid="history-line">
                <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium">{line.what}</span>
                  <span className="text-xs text-muted-foreground">
                    <time dateTime={line.at}>{formatDateTime(line.at)}</time> · {line.who}
                  </span>
                </p>
                {line.reason ? (
                  <p className="break-words">
                    <span className="text-muted-foreground">Reason: </span>
                    {line.reason}
                  </p>
                ) : null}
                {line.changes.length > 0 ? (
                  <ul className="space-y-0.5 text-xs">
                    {line.changes.map((change) => (
                      <li key={change.key} className="flex flex-wrap items-center gap-1.5">
                        <span className="text-muted-foreground">{change.label}:</span>
                        <span>{change.before}</span>
                        <ArrowRight className="size-3 text-muted-foreground" aria-hidden />
                        <span className="sr-only">to</span>
                        <span className="font-medium">{change.after}</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </SectionCard>
  );
}
