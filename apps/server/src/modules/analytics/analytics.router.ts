import { adminProcedure, router } from "../../rpc/trpc.ts";
import { grantsOf } from "../permissions/index.ts";
import * as dashboard from "./dashboard.service.ts";

export const analyticsRouter = router({
  /** Every administrator's: it shows only the figures their permissions allow. */
  getDashboard: adminProcedure(null).query(async ({ ctx }) =>
    dashboard.getDashboard(ctx.deps, await grantsOf(ctx.deps.db, ctx.user)),
  ),
});
