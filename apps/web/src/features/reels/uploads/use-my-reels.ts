// The viewer's own reels: the live list, posting one from a finished upload, changing its details,
// deleting it.
import type { MyReel } from "@litverse/shared/reels";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useAccessToken } from "../../../lib/auth/use-access-token.ts";
import { describeError, type ErrorDetails, errorCode } from "../../../lib/errors.ts";
import { useLiveQuery } from "../../../lib/live-query.ts";
import { toast } from "../../../lib/toast.ts";
import { trpc } from "../../../lib/trpc.ts";
import { UploadError, uploadFiles } from "../../../lib/uploads.ts";
import { detailsInput, type ReelDetails } from "../shared/reel-details.ts";

export function useMyReels() {
  return useLiveQuery(trpc.reels.listMyReels.queryOptions());
}

/** Throws on failure: the confirm dialog that asks first shows why. */
export function useDeleteReel(reelId: string) {
  const remove = useMutation(trpc.reels.deleteReel.mutationOptions());
  return () => remove.mutateAsync({ reelId });
}

export interface NewReel {
  /** The finished upload of the video. */
  uploadId: string;
  details: ReelDetails;
  captionsFile: File | null;
  /** An official reel of the team's, for a title (administrators). */
  official: boolean;
}

/** Posting a reel, its captions file uploaded first; `isPosting` covers both. */
export function usePostReel() {
  const create = useMutation(trpc.reels.createReel.mutationOptions());
  const accessToken = useAccessToken();
  const [isPosting, setIsPosting] = useState(false);
  const post = async (
    { uploadId, details, captionsFile, official }: NewReel,
    {
      onPosted,
      onRefused,
      onFailed,
    }: {
      onPosted: (reelId: string) => void;
      /** The server refused the video itself and dropped the upload: another video is needed. */
      onRefused: (message: string) => void;
      /** `fieldErrors` is absent when the captions file failed to upload. */
      onFailed: (details: { message: string; fieldErrors?: ErrorDetails["fieldErrors"] }) => void;
    },
  ) => {
    setIsPosting(true);
    try {
      const captionsUploadId = captionsFile
        ? (await uploadFiles([captionsFile], accessToken)).uploadId
        : undefined;
      const { reelId } = await create.mutateAsync({
        uploadId,
        ...detailsInput(details),
        ...(captionsUploadId ? { captionsUploadId } : {}),
        ...(official ? { official: true } : {}),
      });
      toast.success("Posted. Your reel is being prepared; it appears below.");
      onPosted(reelId);
    } catch (error) {
      if (error instanceof UploadError) onFailed({ message: `The captions file: ${error.message}` });
      else {
        const described = describeError(error, "Could not post the reel.");
        const hasFieldErrors = Object.keys(described.fieldErrors).length > 0;
        // The server refuses the video itself (not a video, too long) and drops the upload: the
        // reason goes with the video, and another one is needed.
        if (errorCode(error) === "BAD_REQUEST" && !hasFieldErrors) onRefused(described.message);
        else onFailed(described);
      }
    } finally {
      setIsPosting(false);
    }
  };
  return { post, isPosting };
}

/** Saving a posted reel's details; an official reel keeps its visibility. */
export function useUpdateReel(reel: Pick<MyReel, "id" | "isOfficial">) {
  const update = useMutation(trpc.reels.updateReel.mutationOptions());
  return {
    save: async (
      details: ReelDetails,
      { onSaved, onFailed }: { onSaved: () => void; onFailed: (details: ErrorDetails) => void },
    ) => {
      try {
        const input = detailsInput(details);
        await update.mutateAsync({
          id: reel.id,
          data: reel.isOfficial ? { caption: input.caption, link: input.link } : input,
        });
        toast.success("Reel saved");
        onSaved();
      } catch (error) {
        onFailed(describeError(error, "Could not save the reel."));
      }
    },
    isSaving: update.isPending,
  };
}
