import { z } from "zod";
import { authedProcedure, router } from "../../rpc/trpc.ts";
import * as service from "./coins.service.ts";

export const coinsRouter = router({
  /** The caller's spendable coins: purchased, unexpired bonus, and their total. */
  getCoinBalance: authedProcedure.query(({ ctx }) => service.getCoinBalance(ctx.deps, ctx.user)),
  /** The caller's wallet history, a page at a time, and their bonus lots with expiry dates. */
  getWallet: authedProcedure
    .input(z.object({ cursor: z.uuid("Not a valid cursor").nullish() }).default({}))
    .query(({ ctx, input }) => service.getWallet(ctx.deps, ctx.user, input.cursor ?? null)),
});
