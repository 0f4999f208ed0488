import { jobIdInput, startImportInput } from "@litverse/shared/jobs-inputs";
import { adminProcedure, router } from "../../../rpc/trpc.ts";
import * as service from "./imports.service.ts";

/** Imports of uploaded files (POST /api/uploads first), followed live. */
export const importsRouter = router({
  startImport: adminProcedure("content")
    .input(startImportInput)
    .mutation(({ ctx, input }) => service.startImport(ctx.deps, ctx.user, input)),
  listImportJobs: adminProcedure("content").query(({ ctx }) => service.listImportJobs(ctx.deps)),
  getImportJob: adminProcedure("content")
    .input(jobIdInput)
    .query(({ ctx, input }) => service.getImportJob(ctx.deps, input.jobId)),
  cancelImport: adminProcedure("content")
    .input(jobIdInput)
    .mutation(({ ctx, input }) => service.cancelImport(ctx.deps, input.jobId)),
});
