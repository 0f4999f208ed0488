// Profiles: anyone's as the viewer may see it, the handle that leads to one, and one's own to edit.
import type { MyProfile } from "@litverse/shared/people";
import { useMutation, useQuery } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { describeError, type ErrorDetails } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

/** A person's profile, live; a missing or hidden one is not asked for again. */
export function useProfile(userId: string) {
  return useLiveQuery({ ...trpc.profiles.getProfile.queryOptions({ userId }), retry: false });
}

/** The person a handle names, and whether it is one of their old handles. */
export function useHandleTarget(handle: string) {
  return useQuery({ ...trpc.profiles.resolveHandle.queryOptions({ handle }), retry: false });
}

/** One's own profile as the settings page edits it, live. */
export function useMyProfile() {
  return useLiveQuery(trpc.profiles.getMyProfile.queryOptions());
}

export function useSaveProfile() {
  const update = useMutation(trpc.profiles.updateProfile.mutationOptions());
  const save = (
    changes: inferInput<typeof trpc.profiles.updateProfile>,
    { onSaved, onFailed }: { onSaved: (saved: MyProfile) => void; onFailed: (details: ErrorDetails) => void },
  ) =>
    update.mutate(changes, {
      onSuccess: (saved) => {
        onSaved(saved);
        toast.success("Profile saved");
      },
      onError: (error) => onFailed(describeError(error, "Could not save your profile.")),
    });
  return { save, isSaving: update.isPending };
}
