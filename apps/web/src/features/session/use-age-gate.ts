// Whether the signed-in person still has to give their age, and saving the age they choose.
import type { Age } from "@litverse/shared/constants";
import { useMutation } from "@tanstack/react-query";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

export function useAgeGate() {
  const me = useLiveQuery(trpc.users.getCurrentUser.queryOptions());
  const save = useMutation(trpc.users.setUserAge.mutationOptions());

  const chooseAge = (age: Age) => {
    save.mutate(
      { age },
      {
        onSuccess: () => toast.success(`Age verification complete! You can now access ${age}+ content.`),
        onError: () => toast.error("Failed to set age. Please try again."),
      },
    );
  };

  return { isOpen: me.data !== undefined && me.data.age === null, isSaving: save.isPending, chooseAge };
}
