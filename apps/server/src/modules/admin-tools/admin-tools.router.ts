import { jobActionInput, listJobsInput, runMaintenanceInput } from "@litverse/shared/admin-tools-inputs";
import { adminProcedure, router } from "../../rpc/trpc.ts";
import * as jobs from "./jobs.service.ts";
import { runLedgerCheck } from "./ledger-check.service.ts";
import { runMaintenance } from "./maintenance.service.ts";
import { getStorageUse } from "./storage-use.service.ts";

/**
 * The operations tabs of Admin Tools: background jobs (live), the ledger check, the rebuilds and
 * the media store's use. Reading needs view permission on the tools section; acting needs manage.
 */
export const adminToolsRouter = router({
  listJobs: adminProcedure("tools")
    .input(listJobsInput)
    .query(({ ctx, input }) => jobs.listJobs(ctx.deps, input)),
  cancelJob: adminProcedure("tools")
    .input(jobActionInput)
    .mutation(({ ctx, input }) => jobs.cancelAdminJob(ctx.deps, input)),
  retryJob: adminProcedure("tools")
    .input(jobActionInput)
    .mutation(({ ctx, input }) => jobs.retryAdminJob(ctx.deps, ctx.user, input)),
  /** A mutation though it changes nothing: running it is an action, kept in the audit trail. */
  runLedgerCheck: adminProcedure("tools").mutation(({ ctx }) => runLedgerCheck(ctx.deps)),
  runMaintenance: adminProcedure("tools")
    .input(runMaintenanceInput)
    .mutation(({ ctx, input }) => runMaintenance(ctx.deps, input)),
  /** Walks the store on every call: nothing is kept. */
  getStorageUse: adminProcedure("tools").query(({ ctx }) => getStorageUse(ctx.deps)),
});
