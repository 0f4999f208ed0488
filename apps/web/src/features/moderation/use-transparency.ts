// The transparency report for a range of days, and the statements of reasons of that range as a
// CSV file made on the server.

import type { Range } from "@litverse/shared/day-range";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { downloadFile } from "../../lib/download-file.ts";
import { toastError } from "../../lib/errors.ts";
import { toast } from "../../lib/toast.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";
import { statementsFileName } from "./moderation-csv.ts";

export function useTransparencyReport(range: Range, enabled: boolean) {
  return useQuery({
    ...trpc.moderation.getTransparencyReport.queryOptions(range),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useExportStatements() {
  const [isExporting, setIsExporting] = useState(false);
  const exportCsv = async (range: Range) => {
    setIsExporting(true);
    try {
      const { csv, count } = await trpcClient.moderation.exportStatementsOfReasons.query(range);
      downloadFile(
        new Blob([csv], { type: "text/csv;charset=utf-8" }),
        statementsFileName(range.from, range.to),
      );
      toast.success(`Exported ${count.toLocaleString("en-US")} ${count === 1 ? "statement" : "statements"}`);
    } catch (error) {
      toastError(error, "Could not export the statements of reasons.");
    } finally {
      setIsExporting(false);
    }
  };
  return { exportCsv, isExporting };
}
