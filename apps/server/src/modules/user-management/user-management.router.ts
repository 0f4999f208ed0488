import {
  accountActionInput,
  changeRoleInput,
  deleteAccountInput,
  personInput,
  restrictAccountInput,
  searchPeopleInput,
} from "@litverse/shared/user-management-inputs";
import { router, superadminProcedure } from "../../rpc/trpc.ts";
import { liftPersonSuppression } from "../mail/index.ts";
import { changeRole, liftRestriction } from "../users/index.ts";
import * as accounts from "./account-admin.ts";
import { searchPeople } from "./people-search.ts";
import { getPersonRecord } from "./person-record.ts";

// Every change takes a reason, which the audit trail records with the call's input.
export const userManagementRouter = router({
  searchPeople: superadminProcedure("users")
    .input(searchPeopleInput)
    .query(({ ctx, input }) => searchPeople(ctx.deps.db, input)),
  getPerson: superadminProcedure("users")
    .input(personInput)
    .query(({ ctx, input }) => getPersonRecord(ctx.deps, input.userId)),
  restrictAccount: superadminProcedure("users")
    .input(restrictAccountInput)
    .mutation(({ ctx, input }) => accounts.restrictPerson(ctx.deps, ctx.user, input.userId, input)),
  liftRestriction: superadminProcedure("users")
    .input(accountActionInput)
    .mutation(({ ctx, input }) => liftRestriction(ctx.deps, ctx.user, input.userId)),
  liftEmailSuppression: superadminProcedure("users")
    .input(accountActionInput)
    .mutation(({ ctx, input }) => liftPersonSuppression(ctx.deps, input.userId)),
  signOutEverywhere: superadminProcedure("users")
    .input(accountActionInput)
    .mutation(({ ctx, input }) => accounts.signOutEverywhere(ctx.deps, ctx.user, input.userId)),
  changeRole: superadminProcedure("users")
    .input(changeRoleInput)
    .mutation(({ ctx, input }) => changeRole(ctx.deps, ctx.user, input.userId, input.role)),
  /** A change in the sense that matters: someone's data leaves the platform, so it is audited. */
  exportPersonData: superadminProcedure("users")
    .input(personInput)
    .mutation(({ ctx, input }) => accounts.exportPersonData(ctx.deps, input.userId)),
  deleteAccount: superadminProcedure("users")
    .input(deleteAccountInput)
    .mutation(({ ctx, input }) =>
      accounts.deletePersonAccount(ctx.deps, ctx.user, input.userId, input.confirmation),
    ),
});
