// The clubs themselves: the lists of them, one club kept live, and starting, editing or deleting one.
import type { ClubSort } from "@litverse/shared/clubs";
import type { ContentType } from "@litverse/shared/content";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useAccessToken } from "../../lib/auth/use-access-token.ts";
import { describeError, type ErrorDetails } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";
import { type ClubFormValues, coverChange } from "./club-form.tsx";

export function useMyClubs() {
  return useLiveQuery(trpc.clubs.listMyClubs.queryOptions());
}

export function useDiscoverClubs({
  query,
  sort,
  type,
  genre,
}: {
  query: string;
  sort: ClubSort;
  type: ContentType | "";
  genre: string;
}) {
  return useLiveQuery({
    ...trpc.clubs.discoverClubs.queryOptions({
      query,
      sort,
      ...(type ? { contentType: type } : {}),
      ...(genre ? { genre } : {}),
    }),
    // The clubs found so far stay while the next words are looked up.
    placeholderData: (previous) => previous,
  });
}

/** The catalogue's genres, of one kind of title or of all. */
export function useGenres(type: ContentType | "") {
  return useQuery(trpc.content.listGenres.queryOptions(type ? { type } : {}));
}

export function useClub(clubId: string) {
  return useLiveQuery(trpc.clubs.getClub.queryOptions({ clubId }));
}

/** The form's values as createClub and updateClub take them, the new cover uploaded first. */
async function clubInput(values: ClubFormValues, accessToken: string | undefined) {
  const { coverFile: _file, removeCover: _remove, ...fields } = values;
  return { ...fields, ...(await coverChange(values, accessToken)) };
}

export function useCreateClub() {
  const create = useMutation(trpc.clubs.createClub.mutationOptions());
  const accessToken = useAccessToken();
  return {
    create: async (
      values: ClubFormValues,
      {
        onCreated,
        onFailed,
      }: { onCreated: (clubId: string) => void; onFailed: (details: ErrorDetails) => void },
    ) => {
      try {
        const { clubId } = await create.mutateAsync(await clubInput(values, accessToken));
        onCreated(clubId);
      } catch (error) {
        onFailed(describeError(error, "Could not create the club."));
      }
    },
    isCreating: create.isPending,
  };
}

export function useUpdateClub(clubId: string) {
  const update = useMutation(trpc.clubs.updateClub.mutationOptions());
  const accessToken = useAccessToken();
  return {
    save: async (
      values: ClubFormValues,
      { onSaved, onFailed }: { onSaved: () => void; onFailed: (details: ErrorDetails) => void },
    ) => {
      try {
        await update.mutateAsync({ clubId, ...(await clubInput(values, accessToken)) });
        toast.success("Saved.");
        onSaved();
      } catch (error) {
        onFailed(describeError(error, "Could not save the club."));
      }
    },
    isSaving: update.isPending,
  };
}

/** Throws on failure: the confirm dialog that asks first shows why. */
export function useDeleteClub(clubId: string) {
  const remove = useMutation(trpc.clubs.deleteClub.mutationOptions());
  return () => remove.mutateAsync({ clubId });
}
