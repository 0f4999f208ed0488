// The audit trail: the newest page live (new entries show as they are written), older pages on
// asking, and the export as a CSV file.
import { AUDIT_EXPORT_MAX_ROWS } from "@litverse/shared/audit";
import { keepPreviousData } from "@tanstack/react-query";
import type { inferOutput } from "@trpc/tanstack-react-query";
import { useState } from "react";
import { usePagedList } from "../../components/paged-list/use-paged-list.ts";
import { downloadFile } from "../../lib/download-file.ts";
import { toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";
import type { AuditFilters } from "./audit-values.ts";
import { exportFileName } from "./audit-values.ts";

/** An entry as it arrives (over the wire an empty input may be missing). */
export type AuditEntry = inferOutput<typeof trpc.audit.listAuditEvents>["events"][number];

const asPage = (page: { events: AuditEntry[]; nextCursor: string | null }) => ({
  items: page.events,
  nextCursor: page.nextCursor,
});

export function useAuditTrail(filters: AuditFilters) {
  const first = useLiveQuery({
    ...trpc.audit.listAuditEvents.queryOptions({ filters }),
    select: asPage,
    // The rows stay (an opened entry stays open) while the list for new filters loads.
    placeholderData: keepPreviousData,
  });
  const list = usePagedList<AuditEntry>({
    first,
    key: ["audit-trail", filters],
    fetchPage: async (cursor) => asPage(await trpcClient.audit.listAuditEvents.query({ filters, cursor })),
    idOf: (event) => event._id,
    timeOf: (event) => event.at,
    // The rows kept while new filters load are the old filters' rows: kept on, they would stay
    // listed under filters they do not match. An entry pushed off the first page by newer ones is
    // still there when more are loaded.
    keepsDeparted: false,
  });
  return { first, list };
}

export function useExportAuditTrail() {
  const [isExporting, setIsExporting] = useState(false);
  const exportCsv = async (filters: AuditFilters) => {
    setIsExporting(true);
    try {
      const { csv, rows } = await trpcClient.audit.exportAuditEvents.query(filters);
      downloadFile(new Blob([csv], { type: "text/csv;charset=utf-8" }), exportFileName(new Date()));
      toast.success(
        rows >= AUDIT_EXPORT_MAX_ROWS
          ? `Exported the newest ${rows.toLocaleString("en-US")} entries, the most one export holds`
          : `Exported ${rows.toLocaleString("en-US")} ${rows === 1 ? "entry" : "entries"}`,
      );
    } catch (error) {
      toastError(error, "Could not export the audit trail.");
    } finally {
      setIsExporting(false);
    }
  };
  return { exportCsv, isExporting };
}
