import { contentMetricsInput, metricsOverviewInput } from "@litverse/shared/content-inputs";
import { router, superadminProcedure } from "../../../rpc/trpc.ts";
import * as service from "./content-metrics.service.ts";

/** How titles perform; for superadmins (the Content Metrics page). */
export const contentMetricsRouter = router({
  getOverview: superadminProcedure("analytics")
    .input(metricsOverviewInput)
    .query(({ ctx, input }) => service.getOverview(ctx.deps, input)),
  getContentMetrics: superadminProcedure("analytics")
    .input(contentMetricsInput)
    .query(({ ctx, input }) => service.getContentMetrics(ctx.deps, input.contentId, input)),
});
