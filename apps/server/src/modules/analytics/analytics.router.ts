import {
  analyticsReportInput,
  cohortPeopleInput,
  titleDropOffInput,
} from "@litverse/shared/analytics-inputs";
import { adminProcedure, router } from "../../rpc/trpc.ts";
import { grantsOf } from "../permissions/index.ts";
import * as analytics from "./analytics.service.ts";
import * as dashboard from "./dashboard.service.ts";

export const analyticsRouter = router({
  /** Every administrator's: it shows only the figures their permissions allow. */
  getDashboard: adminProcedure(null).query(async ({ ctx }) =>
    dashboard.getDashboard(ctx.deps, await grantsOf(ctx.deps.db, ctx.user)),
  ),
  getAnalyticsReport: adminProcedure("analytics")
    .input(analyticsReportInput)
    .query(({ ctx, input }) => analytics.getAnalyticsReport(ctx.deps, input)),
  getTitleDropOff: adminProcedure("analytics")
    .input(titleDropOffInput)
    .query(({ ctx, input }) => analytics.getTitleDropOff(ctx.deps, input)),
  /** Names people: what an analyst sees of them is their name and when they signed up. */
  getCohortPeople: adminProcedure("analytics")
    .input(cohortPeopleInput)
    .query(({ ctx, input }) => analytics.getCohortPeople(ctx.deps, input)),
});
