// The profile picture: saving a chosen square of a picture (the server cuts and re-encodes it) and
// removing it.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useAccessToken } from "../../lib/auth/use-access-token.ts";
import { toastError } from "../../lib/errors.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";
import { UploadError, uploadFiles } from "../../lib/uploads.ts";

/** The square to keep, in the picture's own pixels. */
export interface PictureArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function useSaveAvatar() {
  const accessToken = useAccessToken();
  const [isSaving, setIsSaving] = useState(false);
  const setAvatar = useMutation(trpc.profiles.setAvatar.mutationOptions());

  /** Uploads the picture and keeps `area` of it; a failure is told in a toast. */
  const save = async (file: File, area: PictureArea, onSaved: () => void) => {
    setIsSaving(true);
    try {
      const { uploadId } = await uploadFiles([file], accessToken);
      const size = Math.max(16, Math.min(Math.round(area.width), Math.round(area.height)));
      await setAvatar.mutateAsync({
        uploadId,
        crop: { x: Math.max(0, Math.round(area.x)), y: Math.max(0, Math.round(area.y)), size },
      });
      toast.success("Picture saved");
      onSaved();
    } catch (error) {
      if (error instanceof UploadError) toast.error(error.message);
      else toastError(error, "Could not save the picture.");
    } finally {
      setIsSaving(false);
    }
  };
  return { save, isSaving };
}

/** Removes the picture; for a confirmation dialog, which shows a failure itself. */
export function useRemoveAvatar() {
  const remove = useMutation(trpc.profiles.removeAvatar.mutationOptions());
  return () => remove.mutateAsync();
}
