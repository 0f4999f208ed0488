// The Audit trail tab: every change an administrator or the command line made, newest first,
// filtered by action, object, source and days, each entry opening onto its input and its changes;
// the entries matching the filters export as CSV.
import { AUDIT_EXPORT_MAX_ROWS } from "@litverse/shared/audit";
import { auditFiltersInput } from "@litverse/shared/audit-inputs";
import { Download, ScrollText } from "lucide-react";
import { useRef, useState } from "react";
import { PagedListStates } from "../../components/paged-list/list-parts.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { cn } from "../../components/ui/cn.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Table, TBody, TH, THead, TR } from "../../components/ui/table.tsx";
import { useSettledValue } from "../../lib/use-settled-value.ts";
import { AuditEventRows } from "./audit-event-rows.tsx";
import {
  type AuditFilterForm,
  type AuditFilters,
  type AuditSource,
  auditFiltersOf,
  EMPTY_AUDIT_FILTERS,
  hasAnyFilter,
} from "./audit-values.ts";
import { useAuditTrail, useExportAuditTrail } from "./use-audit-trail.ts";

const SOURCE_ITEMS: Array<{ value: AuditSource; label: string }> = [
  { value: "all", label: "All sources" },
  { value: "app", label: "App" },
  { value: "cli", label: "Command line" },
];

type FilterErrors = Partial<Record<keyof AuditFilterForm, string>>;

/** The filters as typed, settled; the last ones the server accepts, and what is wrong with the rest. */
function useFilters() {
  const [form, setForm] = useState<AuditFilterForm>(EMPTY_AUDIT_FILTERS);
  const settled = useSettledValue(form);
  const parsed = auditFiltersInput.safeParse(auditFiltersOf(settled));
  const errors: FilterErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof AuditFilterForm;
      errors[key] ??= issue.message;
    }
  }
  // While a filter is refused, the list stays as the last accepted filters showed it.
  const accepted = useRef<AuditFilters>({});
  if (parsed.success) accepted.current = auditFiltersOf(settled);
  const update = (patch: Partial<AuditFilterForm>) => setForm((current) => ({ ...current, ...patch }));
  return { form, update, reset: () => setForm(EMPTY_AUDIT_FILTERS), errors, filters: accepted.current };
}

export function AuditTrailTab() {
  const { form, update, reset, errors, filters } = useFilters();
  const { first, list } = useAuditTrail(filters);
  const { exportCsv, isExporting } = useExportAuditTrail();
  const isFiltered = Object.keys(filters).length > 0;

  return (
    <div className="space-y-4">
      <Card className="p-4 sm:p-5">
        <h2 className="sr-only">Filters</h2>
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-3">
          <Field
            label="Action"
            hint="Its start is enough: contentAdmin."
            error={errors.action}
            className="col-span-2 sm:col-span-1"
          >
            <Input
              value={form.action}
              onChange={(event) => update({ action: event.target.value })}
              className="font-mono"
              autoComplete="off"
              spellCheck={false}
              maxLength={100}
            />
          </Field>
          <Field
            label="Object type"
            hint="user, coming-soon-settings, …"
            error={errors.objectType}
            className="col-span-2 sm:col-span-1"
          >
            <Input
              value={form.objectType}
              onChange={(event) => update({ objectType: event.target.value })}
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
            />
          </Field>
          <Field label="Object id" error={errors.objectId} className="col-span-2 sm:col-span-1">
            <Input
              value={form.objectId}
              onChange={(event) => update({ objectId: event.target.value })}
              className="font-mono"
              autoComplete="off"
              spellCheck={false}
              maxLength={100}
            />
          </Field>
          <Field label="Source" error={errors.source} className="col-span-2 sm:col-span-1">
            <NativeSelect
              items={SOURCE_ITEMS}
              value={form.source}
              onValueChange={(source) => update({ source })}
            />
          </Field>
          <Field label="From" hint="In UTC, both days included." error={errors.from}>
            <Input type="date" value={form.from} onChange={(event) => update({ from: event.target.value })} />
          </Field>
          <Field label="To" error={errors.to}>
            <Input type="date" value={form.to} onChange={(event) => update({ to: event.target.value })} />
          </Field>
        </div>
        <div className="mt-4 flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            The export holds the entries matching these filters, newest first, at most{" "}
            {AUDIT_EXPORT_MAX_ROWS.toLocaleString("en-US")} rows.
          </p>
          <div className="flex shrink-0 gap-2">
            {hasAnyFilter(form) ? (
              <Button variant="ghost" onClick={reset}>
                Clear filters
              </Button>
            ) : null}
            <Button variant="secondary" isLoading={isExporting} onClick={() => void exportCsv(filters)}>
              <Download aria-hidden />
              Export CSV
            </Button>
          </div>
        </div>
      </Card>
      <PagedListStates
        first={first}
        list={list}
        what="audit trail"
        empty={
          <EmptyState
            as="h2"
            icon={ScrollText}
            title={isFiltered ? "No entry matches" : "Nothing recorded yet"}
            text={
              isFiltered
                ? "Try other filters, or clear them."
                : "Changes administrators make, in the app or on the command line, show here."
            }
          />
        }
      >
        <Table
          caption="Audit trail, newest first"
          // The frame is a size container: an opened entry's details take its visible width.
          containerClassName={cn("@container transition-opacity", first.isPlaceholderData && "opacity-60")}
          aria-busy={first.isPlaceholderData}
        >
          <THead>
            <TR>
              <TH>When</TH>
              <TH>Who</TH>
              <TH>Action and section</TH>
              <TH>Object</TH>
              <TH>Where</TH>
            </TR>
          </THead>
          <TBody>
            {list.items.map((event) => (
              <AuditEventRows key={event._id} event={event} />
            ))}
          </TBody>
        </Table>
      </PagedListStates>
    </div>
  );
}
