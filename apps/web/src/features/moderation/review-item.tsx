// The reported item on its review: what it is and where it lives, its text in full and its picture;
// around it, the context (the messages or posts next to it, muted, the reported one highlighted);
// and every report of it, a notice under the law with its ground and its sender.
import type {
  ModerationContextEntry,
  ModerationQueueItem,
  ModerationReport,
} from "@litverse/shared/moderation";
import { ExternalLink, Scale } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { cn } from "../../components/ui/cn.ts";
import { formatDateTime } from "../../lib/format.ts";
import { CategoryBadge, ItemFlags, KindLabel } from "./moderation-badges.tsx";
import { formatWeight } from "./moderation-values.ts";

export function ReviewSection({
  title,
  id,
  actions,
  children,
}: {
  title: string;
  id: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Card>
        <CardHeader>
          <CardTitle id={id}>{title}</CardTitle>
          {actions}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}

export function ItemPanel({ item }: { item: ModerationQueueItem }) {
  const { target } = item;
  return (
    <ReviewSection
      title="The item"
      id="review-item"
      actions={
        target.link && target.exists ? (
          <Link
            to={target.link}
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-100"
          >
            Open in the app
            <ExternalLink className="size-4" aria-hidden />
          </Link>
        ) : null
      }
    >
      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-1.5">
          {item.categories.map((entry) => (
            <CategoryBadge key={entry.category} category={entry.category} count={entry.count} />
          ))}
          <ItemFlags item={item} />
        </div>
        <div>
          <KindLabel item={item} />
          <p className="font-semibold break-words">{target.label}</p>
        </div>
        {item.author ? (
          <p className="flex items-center gap-2 text-sm">
            <PersonAvatar person={item.author} size="xs" />
            <span>
              By <span className="font-medium">{item.author.name}</span>
              {item.author.handle ? (
                <span className="text-muted-foreground"> @{item.author.handle}</span>
              ) : null}
            </span>
          </p>
        ) : null}
        {target.text ? (
          <blockquote
            className="rounded-xl border-l-4 border-brand-500 bg-muted px-4 py-3 text-sm break-words whitespace-pre-line"
            data-testid="item-text"
          >
            {target.text}
          </blockquote>
        ) : (
          <p className="text-sm text-muted-foreground">No text.</p>
        )}
        {target.pictureUrl ? (
          <img
            src={target.pictureUrl}
            alt={`What ${target.label} shows`}
            className="max-h-80 w-auto max-w-full rounded-xl border border-border bg-muted object-contain"
          />
        ) : null}
        {target.exists ? null : (
          <p className="text-sm text-muted-foreground">
            It was deleted since; this is how it was when first reported.
          </p>
        )}
      </div>
    </ReviewSection>
  );
}

export function ContextList({ entries }: { entries: ModerationContextEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <ReviewSection title="Context" id="review-context">
      <ol className="space-y-2" aria-label="What was around it">
        {entries.map((entry) => (
          <li
            key={entry.id}
            aria-current={entry.isReported ? "true" : undefined}
            className={cn(
              "rounded-xl px-3 py-2 text-sm",
              entry.isReported
                ? "border border-rose-300 bg-rose-50 text-foreground dark:border-rose-400/40 dark:bg-rose-400/10"
                : "bg-muted text-muted-foreground",
            )}
          >
            <p className="flex flex-wrap items-center gap-x-2 text-xs">
              <span className="font-medium">{entry.author?.name ?? "Someone"}</span>
              <span>{formatDateTime(entry.createdAt)}</span>
              {entry.isReported ? <Badge variant="danger">Reported</Badge> : null}
            </p>
            <p className={cn("mt-0.5 break-words whitespace-pre-line", !entry.isReported && "line-clamp-3")}>
              {entry.text}
            </p>
          </li>
        ))}
      </ol>
    </ReviewSection>
  );
}

const REPORT_STATUS: Record<
  ModerationReport["status"],
  { label: string; variant: "neutral" | "success" | "brand" }
> = {
  open: { label: "Open", variant: "brand" },
  upheld: { label: "Upheld", variant: "success" },
  dismissed: { label: "Dismissed", variant: "neutral" },
};

export function ReportsList({ reports }: { reports: ModerationReport[] }) {
  return (
    <ReviewSection title={`Reports (${reports.length})`} id="review-reports">
      <ul className="divide-y divide-[var(--border)]" aria-label="Reports">
        {reports.map((report) => (
          <li key={report.id} className="space-y-1 py-3 text-sm first:pt-0 last:pb-0" data-testid="report">
            <p className="flex flex-wrap items-center gap-1.5">
              <CategoryBadge category={report.category} />
              {report.source === "notice" ? (
                <Badge variant="danger">
                  <Scale aria-hidden />
                  Notice
                </Badge>
              ) : null}
              <Badge variant={REPORT_STATUS[report.status].variant}>
                {REPORT_STATUS[report.status].label}
              </Badge>
            </p>
            {report.source === "notice" ? (
              <p>
                <span className="text-muted-foreground">Legal ground: </span>
                {report.legalGround ?? "not given"}
                <span className="text-muted-foreground"> · sent by </span>
                {report.senderName ?? report.reporter?.name ?? "someone"}
              </p>
            ) : (
              <p className="flex flex-wrap items-center gap-1.5">
                {report.reporter ? <PersonAvatar person={report.reporter} size="xs" /> : null}
                <span>{report.reporter?.name ?? "A reader"}</span>
                <span className="text-muted-foreground">
                  · weight <span className="tabular-nums">{formatWeight(report.reporterWeight)}</span>
                </span>
              </p>
            )}
            {report.details ? (
              <p className="break-words whitespace-pre-line text-foreground">“{report.details}”</p>
            ) : null}
            <p className="text-xs text-muted-foreground">{formatDateTime(report.createdAt)}</p>
          </li>
        ))}
      </ul>
    </ReviewSection>
  );
}
