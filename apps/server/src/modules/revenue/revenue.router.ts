import { revenueAnalyticsInput } from "@litverse/shared/revenue-inputs";
import { adminProcedure, router } from "../../rpc/trpc.ts";
import * as service from "./revenue.service.ts";

/** Money taken, refunds and coins in circulation; for administrators (the Revenue Analytics page). */
export const revenueRouter = router({
  getRevenueAnalytics: adminProcedure("analytics")
    .input(revenueAnalyticsInput)
    .query(({ ctx, input }) => service.getRevenueAnalytics(ctx.deps, input)),
});
