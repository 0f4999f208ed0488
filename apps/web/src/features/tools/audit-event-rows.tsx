// One entry of the audit trail: a row of who did what, when and where, which opens onto the input
// the action was given and each object's state before and after.
import { ADMIN_SECTION_LABELS, type AdminSection } from "@litverse/shared/admin-permissions";
import { ChevronRight } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { cn } from "../../components/ui/cn.ts";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { changeKeys, diffChange, whereText } from "./audit-values.ts";
import type { AuditEntry } from "./use-audit-trail.ts";

const COLUMNS = 5;

function sectionLabel(section: string | null): string {
  if (!section) return "—";
  return ADMIN_SECTION_LABELS[section as AdminSection] ?? section;
}

export function AuditEventRows({ event }: { event: AuditEntry }) {
  const [isOpen, setIsOpen] = useState(false);
  const detailsId = useId();
  const when = formatDateTime(event.at);
  const where = whereText(event.address, event.device);
  return (
    <>
      <TR data-testid="audit-row" data-action={event.action}>
        <TD>
          <button
            type="button"
            aria-expanded={isOpen}
            aria-controls={isOpen ? detailsId : undefined}
            onClick={() => setIsOpen((open) => !open)}
            className="-ml-1 inline-flex items-center gap-1.5 rounded-md px-1 py-0.5 text-left font-medium hover:bg-muted"
          >
            <ChevronRight
              className={cn(
                "size-4 shrink-0 text-muted-foreground transition-transform",
                isOpen && "rotate-90",
              )}
              aria-hidden
            />
            <span>{when}</span>
            <span className="sr-only">: details of {event.action}</span>
          </button>
        </TD>
        <TD wrap>
          <span className="block">{event.actorLabel}</span>
          {event.source === "cli" ? (
            <Badge className="mt-0.5" variant="neutral">
              Command line
            </Badge>
          ) : null}
        </TD>
        <TD>
          <span className="block font-mono text-xs">{event.action}</span>
          <span className="block text-xs text-muted-foreground">{sectionLabel(event.section)}</span>
        </TD>
        <TD>
          {event.objectType ? (
            <>
              <span className="block">{event.objectType}</span>
              {event.objectId ? (
                <span
                  className="block max-w-48 truncate font-mono text-xs text-muted-foreground"
                  title={event.objectId}
                >
                  {event.objectId}
                </span>
              ) : null}
            </>
          ) : (
            <span className="text-muted-foreground">—</span>
          )}
        </TD>
        <TD className="text-muted-foreground" title={event.device ?? undefined}>
          {where || "—"}
        </TD>
      </TR>
      {isOpen ? (
        <TR>
          <TD colSpan={COLUMNS} className="bg-muted/40 whitespace-normal">
            {/* As wide as the table's visible frame, and kept in view when the table scrolls sideways. */}
            <div id={detailsId} className="sticky left-4 w-[calc(100cqw-2rem)] space-y-4 py-1">
              <section aria-label="Input" className="space-y-1.5">
                <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Input</h3>
                <pre
                  data-testid="audit-input"
                  className="max-h-72 overflow-auto rounded-lg border border-border bg-card p-3 font-mono text-xs leading-relaxed"
                >
                  {JSON.stringify(event.input, null, 2) ?? "null"}
                </pre>
              </section>
              <section aria-label="Changes" className="space-y-1.5">
                <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  Changes
                </h3>
                <ChangeList changes={event.changes} />
              </section>
              {event.device ? (
                <p className="text-xs break-all text-muted-foreground">Device: {event.device}</p>
              ) : null}
            </div>
          </TD>
        </TR>
      ) : null}
    </>
  );
}

const KIND_LOOK = {
  created: { label: "Created", variant: "success" },
  deleted: { label: "Deleted", variant: "danger" },
  changed: { label: "Changed", variant: "brand" },
} as const;

type Change = AuditEntry["changes"][number];

function ChangeList({ changes }: { changes: Change[] }) {
  if (changes.length === 0) {
    return <p className="text-sm text-muted-foreground">No before and after recorded for this action.</p>;
  }
  const keys = changeKeys(changes);
  return changes.map((change, position) => <ChangeDiff key={keys[position]} change={change} />);
}

function ChangeDiff({ change }: { change: Change }) {
  const diff = diffChange(change);
  const look = KIND_LOOK[diff.kind];
  const what = `${change.objectType} ${change.objectId}`;
  return (
    <div className="space-y-1.5" data-testid="audit-change">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant={look.variant}>{look.label}</Badge>
        <span className="font-medium">{change.objectType}</span>
        <span className="font-mono text-xs break-all text-muted-foreground">{change.objectId}</span>
      </p>
      <Table caption={`Before and after: ${what}`} className="text-xs">
        <THead>
          <TR>
            <TH>Field</TH>
            <TH>Before</TH>
            <TH>After</TH>
          </TR>
        </THead>
        <TBody>
          {diff.rows.map((row) => (
            <TR
              key={row.key}
              data-changed={row.changed}
              className={cn(row.changed && diff.kind === "changed" && "bg-amber-50 dark:bg-amber-400/10")}
            >
              <TH className="py-2 font-mono font-medium">
                {row.key}
                {row.changed && diff.kind === "changed" ? <span className="sr-only"> (changed)</span> : null}
              </TH>
              <TD wrap className="py-2 font-mono [overflow-wrap:anywhere]">
                {row.before ?? <span className="text-muted-foreground">—</span>}
              </TD>
              <TD wrap className="py-2 font-mono [overflow-wrap:anywhere]">
                {row.after ?? <span className="text-muted-foreground">—</span>}
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
    </div>
  );
}
