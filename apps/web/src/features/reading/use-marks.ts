// A reader's bookmarks and highlights in a title, kept current live across their tabs and devices.
import type { MarkColor, ReadingMark } from "@litverse/shared/content";
import { useMutation } from "@tanstack/react-query";
import { useCallback } from "react";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";
import type { Locator } from "./use-episode-progress.ts";

export type { ReadingMark };

export interface NewMark {
  episodeId: string;
  kind: ReadingMark["kind"];
  locator: Locator;
  quote?: string;
  note?: string;
  color?: MarkColor | null;
}

export function useMarks(contentId: string) {
  const marks = useLiveQuery(trpc.library.getMarks.queryOptions({ contentId }));
  const add = useMutation(trpc.library.addMark.mutationOptions());
  const update = useMutation(trpc.library.updateMark.mutationOptions());
  const remove = useMutation(trpc.library.removeMark.mutationOptions());
  const { mutateAsync: addAsync } = add;
  const { mutateAsync: updateAsync } = update;
  const { mutateAsync: removeAsync } = remove;

  const addMark = useCallback(
    ({ color, ...mark }: NewMark) => addAsync({ ...mark, ...(color ? { color } : {}) }),
    [addAsync],
  );
  const updateMark = useCallback(
    (markId: string, patch: { note?: string | null; color?: MarkColor | null }) =>
      updateAsync({ markId, ...patch }),
    [updateAsync],
  );
  const removeMark = useCallback((markId: string) => removeAsync({ markId }), [removeAsync]);

  return { marks: marks.data, isError: marks.isError, addMark, updateMark, removeMark };
}
