import {
  adminListSubscriptionsInput,
  createPlanInput,
  startSubscriptionCheckoutInput,
  updatePlanInput,
} from "@litverse/shared/subscriptions-inputs";
import { authedProcedure, router, superadminProcedure } from "../../rpc/trpc.ts";
import * as plans from "./plans.service.ts";
import * as service from "./subscriptions.service.ts";

/** Subscription plans and subscriptions: readers subscribe and cancel; superadmins run the plans. */
export const subscriptionsRouter = router({
  /** The plans on offer, in order. */
  listPlans: authedProcedure.query(({ ctx }) => plans.listPlans(ctx.deps)),
  /** The caller's subscription, status and period end, and the tiers they hold. Live. */
  getMySubscription: authedProcedure.query(({ ctx }) => service.getMySubscription(ctx.deps, ctx.user)),
  startSubscriptionCheckout: authedProcedure
    .meta({ rateLimit: "checkout" })
    .input(startSubscriptionCheckoutInput)
    .mutation(({ ctx, input }) => service.startSubscriptionCheckout(ctx.deps, ctx.user, input)),
  /** Stops renewals; access lasts until the end of the paid period. */
  cancelSubscription: authedProcedure.mutation(({ ctx }) => service.cancelSubscription(ctx.deps, ctx.user)),
  resumeSubscription: authedProcedure.mutation(({ ctx }) => service.resumeSubscription(ctx.deps, ctx.user)),
  adminListPlans: superadminProcedure("content").query(({ ctx }) => plans.adminListPlans(ctx.deps)),
  createPlan: superadminProcedure("content")
    .input(createPlanInput)
    .mutation(({ ctx, input }) => plans.createPlan(ctx.deps, input)),
  updatePlan: superadminProcedure("content")
    .input(updatePlanInput)
    .mutation(({ ctx, input }) => plans.updatePlan(ctx.deps, input)),
  adminListSubscriptions: superadminProcedure("content")
    .input(adminListSubscriptionsInput)
    .query(({ ctx, input }) => service.adminListSubscriptions(ctx.deps, input)),
});
