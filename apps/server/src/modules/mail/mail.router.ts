import { changeEmailInput, setEmailSettingsInput, setNewsletterInput } from "@litverse/shared/mail-inputs";
import {
  isEmbeddedUser,
  pendingEmailChange,
  requestEmailChange,
  resendVerification,
} from "../../auth/provider/account-email.ts";
import type { Executor } from "../../core/db/client.ts";
import { authedProcedure, router } from "../../rpc/trpc.ts";
import * as preferences from "./preferences.service.ts";

/** The embedded provider's accounts can change their address here; others at their provider. */
async function accountEmail(db: Executor, userId: string): Promise<preferences.AccountEmailState> {
  const embedded = await isEmbeddedUser(db, userId);
  return {
    canChangeAddress: embedded !== null,
    pendingAddress: embedded ? await pendingEmailChange(db, embedded.accountId) : null,
  };
}

// A person's own email: their address, its confirmation and what they receive.
export const mailRouter = router({
  getEmailSettings: authedProcedure.query(({ ctx }) =>
    preferences.getEmailSettings(ctx.deps, ctx.user, accountEmail),
  ),
  setEmailSettings: authedProcedure
    .input(setEmailSettingsInput)
    .mutation(({ ctx, input }) => preferences.setEmailSettings(ctx.deps, ctx.user, input, accountEmail)),
  setNewsletter: authedProcedure
    .input(setNewsletterInput)
    .mutation(({ ctx, input }) =>
      preferences.setNewsletter(ctx.deps, ctx.user, input.subscribed, accountEmail),
    ),
  resendVerification: authedProcedure.mutation(({ ctx }) => resendVerification(ctx.deps, ctx.user)),
  changeEmail: authedProcedure.input(changeEmailInput).mutation(async ({ ctx, input }) => {
    await requestEmailChange(ctx.deps, ctx.user, input);
    return preferences.getEmailSettings(ctx.deps, ctx.user, accountEmail);
  }),
});
