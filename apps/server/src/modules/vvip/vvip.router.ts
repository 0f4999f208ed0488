import { grantVvipInput, revokeVvipInput } from "@litverse/shared/subscriptions-inputs";
import { router, superadminProcedure } from "../../rpc/trpc.ts";
import * as service from "./vvip.service.ts";

/** VVIP access given and taken back by superadmins, with the reasons: the audit trail. */
export const vvipRouter = router({
  listVvipGrants: superadminProcedure("content").query(({ ctx }) => service.listVvipGrants(ctx.deps)),
  grantVvip: superadminProcedure("content")
    .input(grantVvipInput)
    .mutation(({ ctx, input }) => service.grantVvip(ctx.deps, ctx.user, input)),
  revokeVvip: superadminProcedure("content")
    .input(revokeVvipInput)
    .mutation(({ ctx, input }) => service.revokeVvip(ctx.deps, ctx.user, input)),
});
