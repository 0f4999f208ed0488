import { setUserAgeInput, setUserRoleInput } from "@litverse/shared/users-inputs";
import { authedProcedure, router, superadminProcedure } from "../../rpc/trpc.ts";
import * as service from "./users.service.ts";

export const usersRouter = router({
  getCurrentUser: authedProcedure
    .meta({ comingSoon: "open" })
    .query(({ ctx }) => service.getCurrentUser(ctx.deps, ctx.user)),
  isAdmin: authedProcedure.query(({ ctx }) => service.isAdmin(ctx.user)),
  /** Called by the web app after every sign-in: stores or refreshes the user from the provider's claims. */
  updateCurrentUser: authedProcedure.meta({ comingSoon: "open" }).mutation(async ({ ctx }) => {
    const identity = ctx.session.identity;
    if (!identity) return service.getCurrentUser(ctx.deps, ctx.user);
    const { claims } = ctx.auth.config;
    let profile = service.profileFromClaims(identity.claims, claims);
    if (!profile.email && ctx.auth.config.mode === "external") {
      profile = service.profileFromClaims(
        { ...(await ctx.auth.verifier.userinfo(identity.token)), ...identity.claims },
        claims,
      );
    }
    await service.syncUser(ctx.deps, identity, profile, ctx.auth.superadminEmails);
    return service.getCurrentUser(ctx.deps, ctx.user);
  }),
  setUserAge: authedProcedure
    .input(setUserAgeInput)
    .mutation(({ ctx, input }) => service.setUserAge(ctx.deps, ctx.user, input.age)),
  setUserRole: superadminProcedure("users")
    .input(setUserRoleInput)
    .mutation(({ ctx, input }) => service.setUserRole(ctx.deps, ctx.user, input.userId, input.role)),
});
