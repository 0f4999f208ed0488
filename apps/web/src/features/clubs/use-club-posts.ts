// A club's discussions: its posts a page at a time, each page live, and what members and
// moderators do with a post. Failures say why in a toast; the live pages show what changed.
import type { ClubReaction } from "@litverse/shared/clubs";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useAccessToken } from "../../lib/auth/use-access-token.ts";
import { toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";
import { UploadError, uploadFiles } from "../../lib/uploads.ts";

const onError = (error: unknown) => void toastError(error);

/** The general board (`milestoneId` null) or a milestone's thread: the newest page, or the one from `cursor`. */
export function useClubPosts(clubId: string, milestoneId: string | null, cursor?: string) {
  return useLiveQuery(
    trpc.clubs.listClubPosts.queryOptions(
      cursor === undefined ? { clubId, milestoneId } : { clubId, milestoneId, cursor },
    ),
  );
}

export interface NewClubPost {
  clubId: string;
  milestoneId: string | null;
  parentId: string | null;
  body: string;
  spoilerEpisode: number | null;
  picture: File | null;
}

/** Posting, the picture uploaded first; `isSending` covers both. */
export function useCreateClubPost() {
  const create = useMutation(trpc.clubs.createClubPost.mutationOptions());
  const accessToken = useAccessToken();
  const [isSending, setIsSending] = useState(false);
  const send = async ({ picture, ...post }: NewClubPost, onPosted: () => void) => {
    setIsSending(true);
    try {
      const imageUploadId = picture ? (await uploadFiles([picture], accessToken)).uploadId : undefined;
      await create.mutateAsync({ ...post, ...(imageUploadId ? { imageUploadId } : {}) });
      onPosted();
    } catch (error) {
      toastError(error instanceof UploadError ? new Error(error.message) : error, "Could not post.");
    } finally {
      setIsSending(false);
    }
  };
  return { send, isSending };
}

export function useRevealSpoiler(postId: string) {
  const reveal = useMutation(trpc.clubs.revealClubSpoiler.mutationOptions());
  return { reveal: () => reveal.mutate({ postId }, { onError }), isRevealing: reveal.isPending };
}

export function useReactToPost(postId: string) {
  const react = useMutation(trpc.clubs.reactToClubPost.mutationOptions());
  return (reaction: ClubReaction, isOn: boolean) => react.mutate({ postId, reaction, isOn }, { onError });
}

/** Pinning and locking (moderators) and deleting (the author too); deleting throws on failure, for its confirm dialog. */
export function usePostActions(postId: string) {
  const pin = useMutation(trpc.clubs.pinClubPost.mutationOptions());
  const lock = useMutation(trpc.clubs.lockClubPost.mutationOptions());
  const remove = useMutation(trpc.clubs.deleteClubPost.mutationOptions());
  return {
    setPinned: (value: boolean) => pin.mutate({ postId, value }, { onError }),
    setLocked: (value: boolean) => lock.mutate({ postId, value }, { onError }),
    remove: () => remove.mutateAsync({ postId }),
  };
}
