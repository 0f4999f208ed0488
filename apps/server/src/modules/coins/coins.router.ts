import { authedProcedure, router } from "../../rpc/trpc.ts";
import * as service from "./coins.service.ts";

export const coinsRouter = router({
  /** The caller's spendable coins: purchased, unexpired bonus, and their total. */
  getCoinBalance: authedProcedure.query(({ ctx }) => service.getCoinBalance(ctx.deps, ctx.user)),
});
