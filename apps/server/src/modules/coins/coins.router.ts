import { createCoinPackageInput, updateCoinPackageInput } from "@litverse/shared/payments-inputs";
import { z } from "zod";
import { authedProcedure, router, superadminProcedure } from "../../rpc/trpc.ts";
import * as service from "./coins.service.ts";
import * as packages from "./packages.service.ts";

export const coinsRouter = router({
  /** The caller's spendable coins: purchased, unexpired bonus, and their total. */
  getCoinBalance: authedProcedure.query(({ ctx }) => service.getCoinBalance(ctx.deps, ctx.user)),
  /** The caller's wallet history, a page at a time, and their bonus lots with expiry dates. */
  getWallet: authedProcedure
    .input(z.object({ cursor: z.uuid("Not a valid cursor").nullish() }).default({}))
    .query(({ ctx, input }) => service.getWallet(ctx.deps, ctx.user, input.cursor ?? null)),
  /** The coin packages on sale, in order. (Not a global live scope: only signed-in people may read it.) */
  listCoinPackages: authedProcedure.query(({ ctx }) => packages.listCoinPackages(ctx.deps)),
  /** Every coin package, on sale or not. */
  adminListCoinPackages: superadminProcedure("content").query(({ ctx }) =>
    packages.adminListCoinPackages(ctx.deps),
  ),
  createCoinPackage: superadminProcedure("content")
    .input(createCoinPackageInput)
    .mutation(({ ctx, input }) => packages.createCoinPackage(ctx.deps, input.data)),
  updateCoinPackage: superadminProcedure("content")
    .input(updateCoinPackageInput)
    .mutation(({ ctx, input }) => packages.updateCoinPackage(ctx.deps, input)),
});
