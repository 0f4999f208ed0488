import { z } from "zod";
import { AppError } from "../../core/errors.ts";
import { publicProcedure, router } from "../../rpc/trpc.ts";

export const sessionRouter = router({
  /**
   * Hands a renewed access token to this WebSocket connection, so that it stays signed in without
   * reconnecting. Only the same person's token is accepted: signing in, signing out and switching
   * accounts reconnect, so that no live result computed for one viewer reaches another.
   */
  updateAccessToken: publicProcedure
    .meta({ comingSoon: "open" })
    .input(z.object({ token: z.string().min(1).max(16_384) }).strict())
    .mutation(async ({ ctx, input }) => {
      const identity = await ctx.auth.verifier.verify(input.token);
      const current = ctx.session.identity;
      if (!current) {
        throw new AppError("BAD_REQUEST", "This connection was opened signed out; reconnect to sign in.");
      }
      if (current.issuerKey !== identity.issuerKey || current.subject !== identity.subject) {
        throw new AppError("BAD_REQUEST", "This token belongs to another account; reconnect to switch.");
      }
      ctx.session.identity = identity;
      return { expiresAt: identity.expiresAt };
    }),
});
