// What the operations functions of Admin Tools accept.
import { z } from "zod";
import { JOB_KINDS, MAINTENANCE_TASKS } from "./admin-tools.ts";
import { JOB_STATUSES } from "./jobs.ts";

export const listJobsInput = z
  .object({
    kind: z.enum(JOB_KINDS, "Not a kind of job").optional(),
    status: z.enum(JOB_STATUSES, "Not a job status").optional(),
    /** Where the previous page ended (its `nextCursor`). */
    cursor: z.string().max(200, "That page marker is not valid.").nullish(),
  })
  .strict();

export const jobActionInput = z.object({ jobId: z.uuid("Not a valid job") }).strict();

export const runMaintenanceInput = z
  .object({ task: z.enum(MAINTENANCE_TASKS, "Not a maintenance task") })
  .strict();
