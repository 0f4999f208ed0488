import { auditFiltersInput, listAuditEventsInput } from "@litverse/shared/audit-inputs";
import { adminProcedure, router } from "../../rpc/trpc.ts";
import * as service from "./audit.service.ts";

export const auditRouter = router({
  listAuditEvents: adminProcedure("tools")
    .input(listAuditEventsInput)
    .query(({ ctx, input }) => service.listAuditEvents(ctx.deps, input)),
  /** A query: reading the trail changes nothing, so an export is not itself an entry. */
  exportAuditEvents: adminProcedure("tools")
    .input(auditFiltersInput)
    .query(({ ctx, input }) => service.exportAuditEvents(ctx.deps, input)),
});
