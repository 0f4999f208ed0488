// VVIP grants: the live audit trail, and granting or revoking access with the outcome told in a toast.
import { useMutation } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { describeError, type ErrorDetails } from "../../lib/errors.ts";
import { formatDate } from "../../lib/format.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

export function useVvipGrants() {
  return useLiveQuery(trpc.vvip.listVvipGrants.queryOptions());
}

export function useGrantVvip() {
  const grant = useMutation(trpc.vvip.grantVvip.mutationOptions());
  return {
    /** `typedEmail` names the person in the toast when the grant comes back without an email. */
    grant: async (
      input: inferInput<typeof trpc.vvip.grantVvip>,
      typedEmail: string,
      { onGranted, onFailed }: { onGranted: () => void; onFailed: (details: ErrorDetails) => void },
    ) => {
      try {
        const created = await grant.mutateAsync(input);
        toast.success(
          `VVIP granted to ${created.user.email ?? typedEmail} until ${formatDate(created.endsAt)}`,
        );
        onGranted();
      } catch (error) {
        onFailed(describeError(error, "Could not grant VVIP access."));
      }
    },
    isPending: grant.isPending,
  };
}

export function useRevokeVvip() {
  const revoke = useMutation(trpc.vvip.revokeVvip.mutationOptions());
  return {
    /** `who` names the person in the toast. */
    revoke: async (
      input: inferInput<typeof trpc.vvip.revokeVvip>,
      who: string,
      { onRevoked, onFailed }: { onRevoked: () => void; onFailed: (message: string) => void },
    ) => {
      try {
        await revoke.mutateAsync(input);
        toast.success(`VVIP access of ${who} revoked`);
        onRevoked();
      } catch (caught) {
        onFailed(describeError(caught, "Could not revoke the grant.").message);
      }
    },
    isPending: revoke.isPending,
  };
}
