// Writing to someone: sending a message with its picture, and telling them one is typing.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useAccessToken } from "../../lib/auth/use-access-token.ts";
import { toastError } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { UploadError, uploadFiles } from "../../lib/uploads.ts";

export function useSendMessage(partnerId: string) {
  const [isSending, setIsSending] = useState(false);
  const sendMessage = useMutation(trpc.messages.sendMessage.mutationOptions());
  const accessToken = useAccessToken();

  /** Uploads the picture, if there is one, and sends; a failure is told in a toast. */
  const send = async (body: string, picture: File | null, onSent: () => void) => {
    setIsSending(true);
    try {
      let imageUploadId: string | undefined;
      if (picture) imageUploadId = (await uploadFiles([picture], accessToken)).uploadId;
      await sendMessage.mutateAsync({ partnerId, body, ...(imageUploadId ? { imageUploadId } : {}) });
      onSent();
    } catch (error) {
      toastError(
        error instanceof UploadError ? new Error(error.message) : error,
        "Could not send the message.",
      );
    } finally {
      setIsSending(false);
    }
  };
  return { send, isSending };
}

/** Tells the server whether one is typing to `partnerId`; it forgets after a few seconds. */
export function useSetTyping(partnerId: string) {
  const typing = useMutation(trpc.messages.setTyping.mutationOptions());
  return (isTyping: boolean) => typing.mutate({ partnerId, isTyping });
}
