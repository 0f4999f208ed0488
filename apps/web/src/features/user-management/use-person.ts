// One person's record, live (an action taken here or anywhere else shows at once), and what a
// superadmin does to their account. Each action resolves once done (after its toast) and rejects
// with the server's reason, which the dialog that asked shows.
import type { UserRole } from "@litverse/shared/constants";
import type { PersonListing } from "@litverse/shared/user-management";
import { useMutation } from "@tanstack/react-query";
import type { inferOutput } from "@trpc/tanstack-react-query";
import { useCurrentUser } from "../../lib/auth/use-current-user.ts";
import { downloadFile } from "../../lib/download-file.ts";
import { toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";
import { exportFileName, ROLE_LABELS } from "./person-values.ts";

/** A person's record as it arrives (over the wire an audit event's empty input may be missing). */
export type PersonRecordSent = inferOutput<typeof trpc.userManagement.getPerson>;

export function usePerson(userId: string) {
  return useLiveQuery(trpc.userManagement.getPerson.queryOptions({ userId }));
}

/** Whether the person is the one signed in: the server refuses actions on one's own account. */
export function useIsSignedInPerson(userId: string): boolean {
  return useCurrentUser().data?._id === userId;
}

export function useAccountActions(person: Pick<PersonListing, "id" | "handle">) {
  const userId = person.id;
  const restrict = useMutation(trpc.userManagement.restrictAccount.mutationOptions());
  const lift = useMutation(trpc.userManagement.liftRestriction.mutationOptions());
  const signOut = useMutation(trpc.userManagement.signOutEverywhere.mutationOptions());
  const role = useMutation(trpc.userManagement.changeRole.mutationOptions());
  const exportData = useMutation(trpc.userManagement.exportPersonData.mutationOptions());
  const remove = useMutation(trpc.userManagement.deleteAccount.mutationOptions());

  return {
    suspend: async (input: { days: number; reason: string; hideContent: boolean }) => {
      await restrict.mutateAsync({ userId, kind: "suspend", ...input });
      toast.success("Account suspended");
    },
    ban: async (input: { reason: string; hideContent: boolean }) => {
      await restrict.mutateAsync({ userId, kind: "ban", ...input });
      toast.success("Account banned");
    },
    lift: async (reason: string, isBan: boolean) => {
      await lift.mutateAsync({ userId, reason });
      toast.success(isBan ? "Ban lifted" : "Suspension lifted");
    },
    signOutEverywhere: async (reason: string) => {
      await signOut.mutateAsync({ userId, reason });
      toast.success("Signed out everywhere");
    },
    changeRole: async (next: UserRole, reason: string) => {
      await role.mutateAsync({ userId, role: next, reason });
      toast.success(`Role changed to ${ROLE_LABELS[next]}`);
    },
    deleteAccount: async (reason: string, confirmation: string) => {
      await remove.mutateAsync({ userId, reason, confirmation });
      toast.success("Account deleted");
    },
    /** Downloads everything stored about the person as a JSON file; a failure is told in a toast. */
    exportData: async () => {
      try {
        const data = await exportData.mutateAsync({ userId });
        const json = JSON.stringify(data, null, 2);
        downloadFile(
          new Blob([json], { type: "application/json" }),
          exportFileName({ id: userId, handle: person.handle }, new Date()),
        );
        toast.success("Data exported");
      } catch (error) {
        toastError(error, "Could not export the data.");
      }
    },
    isExporting: exportData.isPending,
  };
}

export type AccountActions = ReturnType<typeof useAccountActions>;

/** Lets bulk mail reach the person's address again; resolves once done (after its toast). */
export function useLiftEmailSuppression(userId: string) {
  const lift = useMutation(trpc.userManagement.liftEmailSuppression.mutationOptions());
  return async (reason: string) => {
    await lift.mutateAsync({ userId, reason });
    toast.success("Mail goes to this address again");
  };
}
