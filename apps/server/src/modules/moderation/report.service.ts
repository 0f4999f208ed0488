// Reporting anything a person can write or upload, from where it is shown.
import type { reportInput } from "@litverse/shared/moderation-inputs";
import type { z } from "zod";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { createReport } from "../reports/index.ts";
import { findReportTarget } from "./targets.ts";

export async function report(
  deps: ServiceDeps,
  viewer: Viewer,
  input: z.output<typeof reportInput>,
): Promise<{ isNew: boolean }> {
  const target = await findReportTarget(deps, viewer, input.kind, input.id);
  const { isNew } = await createReport(deps, viewer, target, input.category, input.details);
  return { isNew };
}
