import {
  adminListPaymentsInput,
  completeSandboxCheckoutInput,
  paymentIdInput,
  refundPaymentInput,
  sandboxCheckoutInput,
  startCoinCheckoutInput,
} from "@litverse/shared/payments-inputs";
import { adminProcedure, authedProcedure, router } from "../../rpc/trpc.ts";
import * as service from "./payments.service.ts";
import * as sandboxCheckout from "./sandbox-checkout.ts";

export const paymentsRouter = router({
  /** Starts buying a coin package: where to send the buyer to pay. */
  startCoinCheckout: authedProcedure
    .meta({ rateLimit: "checkout" })
    .input(startCoinCheckoutInput)
    .mutation(({ ctx, input }) => service.startCoinCheckout(ctx.deps, ctx.user, input)),
  /** One of the caller's payments, live. */
  getPayment: authedProcedure
    .input(paymentIdInput)
    .query(({ ctx, input }) => service.getPayment(ctx.deps, ctx.user, input.paymentId)),
  /** Asks the provider about one of the caller's payments, settling it once if it is paid. */
  verifyPayment: authedProcedure
    .input(paymentIdInput)
    .mutation(({ ctx, input }) => service.verifyPayment(ctx.deps, ctx.user, input.paymentId)),
  /** The sandbox provider's checkout page, for the person who started the checkout. */
  getSandboxCheckout: authedProcedure
    .input(sandboxCheckoutInput)
    .query(({ ctx, input }) => sandboxCheckout.getSandboxCheckout(ctx.deps, ctx.user, input.reference)),
  /** The sandbox checkout page's Pay, Fail and Cancel buttons. */
  completeSandboxCheckout: authedProcedure
    .input(completeSandboxCheckoutInput)
    .mutation(({ ctx, input }) =>
      sandboxCheckout.completeSandboxCheckout(ctx.deps, ctx.user, input.reference, input.outcome),
    ),
  /** Every payment, newest first, filtered by status or by buyer, id or provider reference. */
  adminListPayments: adminProcedure("analytics")
    .input(adminListPaymentsInput)
    .query(({ ctx, input }) => service.adminListPayments(ctx.deps, input)),
  /** Gives a coin purchase's money back and takes its coins back. */
  refundPayment: adminProcedure("analytics")
    .input(refundPaymentInput)
    .mutation(({ ctx, input }) => service.refundPayment(ctx.deps, ctx.user, input)),
});
