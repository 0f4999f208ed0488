// The stat presets stories share, live, and the admin's changes to them, each told in a toast.
import { useMutation } from "@tanstack/react-query";
import { describeError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";
import type { presetInput } from "./stat-preset-form.ts";

export function useStatPresets() {
  return useLiveQuery(trpc.stories.listStatPresets.queryOptions());
}

/** What the form shows when the server refuses a preset: per field, and one line above the form. */
interface PresetProblem {
  fieldErrors: Record<string, string[]>;
  message: string;
}

export function useSaveStatPreset() {
  const create = useMutation(trpc.stories.createStatPreset.mutationOptions());
  const update = useMutation(trpc.stories.updateStatPreset.mutationOptions());
  return {
    /** Creates the preset, or changes the one `presetId` names; resolves to null once saved. */
    save: async (
      presetId: string | null,
      input: ReturnType<typeof presetInput>,
    ): Promise<PresetProblem | null> => {
      try {
        if (presetId) await update.mutateAsync({ id: presetId, data: input });
        else await create.mutateAsync(input);
        toast.success(presetId ? `“${input.name}” saved` : `“${input.name}” created`);
        return null;
      } catch (error) {
        const details = describeError(
          error,
          presetId ? "Could not save the preset." : "Could not create the preset.",
        );
        // A problem with the preset as a whole, or with its list of stats, has no field of its own.
        const loose = [...(details.fieldErrors[""] ?? []), ...(details.fieldErrors.stats ?? [])];
        return {
          fieldErrors: details.fieldErrors,
          message:
            Object.keys(details.fieldErrors).length > 0 ? (loose[0] ?? details.message) : details.message,
        };
      }
    },
    isSaving: create.isPending || update.isPending,
  };
}

export function useDeleteStatPreset() {
  const remove = useMutation(trpc.stories.deleteStatPreset.mutationOptions());
  /** Throws on failure: the confirm dialog that asks first shows why. */
  return async (preset: { id: string; name: string }) => {
    await remove.mutateAsync({ id: preset.id });
    toast.success(`“${preset.name}” deleted`);
  };
}
