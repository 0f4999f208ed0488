// The coin packages superadmins sell: the live list with those off sale, and the changes to it,
// each told in a toast.
import { useMutation } from "@tanstack/react-query";
import { describeError, toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";
import type { PackageData } from "./coin-package-form.ts";

export function useAdminCoinPackages() {
  return useLiveQuery(trpc.coins.adminListCoinPackages.queryOptions());
}

/** Putting a package on or off sale, and moving packages in the order. */
export function useCoinPackageChanges() {
  const update = useMutation(trpc.coins.updateCoinPackage.mutationOptions());

  const setOnSale = async (pkg: { id: string; name: string }, isActive: boolean) => {
    try {
      await update.mutateAsync({ id: pkg.id, data: { isActive } });
      toast.success(isActive ? `${pkg.name} is on sale.` : `${pkg.name} is off sale.`);
    } catch (error) {
      toastError(error, "Could not change the package.");
    }
  };

  /** Saves the new sort orders one after another, stopping at the first that fails. */
  const saveOrder = async (changes: { id: string; sortOrder: number }[]) => {
    try {
      for (const change of changes) {
        await update.mutateAsync({ id: change.id, data: { sortOrder: change.sortOrder } });
      }
    } catch (error) {
      toastError(error, "Could not change the order.");
    }
  };

  return { setOnSale, saveOrder };
}

/** Creates a package, or saves one (`id`); `onFailed` gets the message to show above the form. */
export function useSaveCoinPackage() {
  const create = useMutation(trpc.coins.createCoinPackage.mutationOptions());
  const update = useMutation(trpc.coins.updateCoinPackage.mutationOptions());
  const save = async (
    id: string | null,
    data: PackageData,
    { onSaved, onFailed }: { onSaved: () => void; onFailed: (message: string) => void },
  ) => {
    try {
      if (id) await update.mutateAsync({ id, data });
      else await create.mutateAsync({ data });
      toast.success(id ? "Package saved." : "Package created.");
      onSaved();
    } catch (error) {
      const details = describeError(error, "Could not save the package.");
      onFailed(details.message);
    }
  };
  return { save, isSaving: create.isPending || update.isPending };
}
